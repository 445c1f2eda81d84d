// Command gendoc writes docs/cli.md, the etlgen command-line reference,
// from the commands' own flag definitions (cli.WriteReference). It runs
// from `go generate ./internal/cli`.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/etlgen/etlgen/internal/cli"
)

func main() {
	out := flag.String("o", "", "write the reference to `FILE` (default: stdout)")
	flag.Parse()
	if err := write(*out); err != nil {
		fmt.Fprintf(os.Stderr, "gendoc: %v\n", err)
		os.Exit(1)
	}
}

// write writes the reference to path, or to stdout when path is empty.
func write(path string) error {
	var b bytes.Buffer
	if err := cli.WriteReference(&b); err != nil {
		return err
	}
	if path == "" {
		_, err := os.Stdout.Write(b.Bytes())
		return err
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
