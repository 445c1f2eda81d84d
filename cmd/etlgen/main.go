// Command etlgen plans, generates and runs typed streaming pipelines.
// See `etlgen help`.
package main

import (
	"context"
	"os"

	"github.com/etlgen/etlgen/internal/cli"
)

func main() {
	ctx, stop := cli.Signals(context.Background(), os.Exit)
	code := cli.Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
