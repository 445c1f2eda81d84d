package cli

import (
	"context"
	"fmt"
	"runtime/debug"
)

func runVersion(_ context.Context, e env, _ []string) int {
	v := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		v = bi.Main.Version
	}
	fmt.Fprintf(e.stdout, "etlgen %s\n", v)
	return ExitOK
}
