package irload

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// Loader builds and runs IR programs. The zero value uses the default
// cache directory and the go command on PATH.
type Loader struct {
	// CacheDir holds built programs; empty means os.UserCacheDir()/etlgen/irload.
	CacheDir string
	// NoCache builds the program every time.
	NoCache bool
	// Go is the go command; empty means "go".
	Go string
}

// Load returns the IR document of the package named by pattern (a
// directory like ./pipelines or an import path), resolved from dir, using a
// default Loader.
func Load(ctx context.Context, dir, pattern string) (*ir.Document, error) {
	return Loader{}.Load(ctx, dir, pattern)
}

// Load returns the IR document of the package named by pattern, resolved
// from dir.
func (l Loader) Load(ctx context.Context, dir, pattern string) (*ir.Document, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("load ir of %s: %w", pattern, err)
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return nil, problem(CodeNoPackage, diag.Position{File: abs}, "run etlgen in (or -C) an existing directory of your module",
			"directory %s does not exist", dir)
	}
	m, err := findModule(abs)
	if err != nil {
		return nil, err
	}
	pkg, err := m.importPath(abs, pattern)
	if err != nil {
		return nil, err
	}
	bin, cleanup, err := l.program(ctx, m, pkg)
	if err != nil {
		return nil, fmt.Errorf("load ir of %s: %w", pkg, err)
	}
	defer cleanup()
	output := ""
	if !l.NoCache {
		output = filepath.Join(filepath.Dir(bin), outputFile)
		if doc, err := readOutput(output); err == nil {
			return doc, nil
		}
	}
	doc, err := run(ctx, bin, m.root, output)
	if err != nil {
		return nil, fmt.Errorf("load ir of %s: %w", pkg, err)
	}
	return doc, nil
}

// program returns the path of the built program, from the cache when it
// holds one for the current inputs, and a function that removes an
// uncached program. Sources that cannot be hashed (a local import whose
// directory is missing) are built uncached, so that the go tool says
// what is wrong.
func (l Loader) program(ctx context.Context, m module, pkg string) (string, func(), error) {
	keep := func() {}
	if l.NoCache {
		return l.uncached(ctx, m, pkg)
	}
	cache, err := l.cacheDir()
	if err != nil {
		return "", keep, err
	}
	key, err := sourceKey(cache, m, pkg)
	if err != nil {
		return l.uncached(ctx, m, pkg)
	}
	bin := filepath.Join(cache, key, "irprog")
	if _, err := os.Stat(bin); err == nil {
		touch(bin)
		return bin, keep, nil
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		return "", keep, fmt.Errorf("create cache: %w", err)
	}
	tmp := fmt.Sprintf("%s.%d.tmp", bin, os.Getpid())
	if err := l.build(ctx, m, pkg, tmp); err != nil {
		return "", keep, err
	}
	if err := os.Rename(tmp, bin); err != nil {
		return "", keep, fmt.Errorf("store program: %w", err)
	}
	prune(cache, "irprog", maxCached)
	return bin, keep, nil
}

// uncached builds the program into a temporary directory, removed by the
// function it returns.
func (l Loader) uncached(ctx context.Context, m module, pkg string) (string, func(), error) {
	dir, err := os.MkdirTemp("", "etlgen-irload-")
	if err != nil {
		return "", func() {}, fmt.Errorf("build program: %w", err)
	}
	cleanup := func() { os.RemoveAll(dir) }
	bin := filepath.Join(dir, "irprog")
	if err := l.build(ctx, m, pkg, bin); err != nil {
		cleanup()
		return "", func() {}, err
	}
	return bin, cleanup, nil
}

// cacheDir returns the directory of cached programs.
func (l Loader) cacheDir() (string, error) {
	if l.CacheDir != "" {
		return l.CacheDir, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("find cache directory: %w", err)
	}
	return filepath.Join(base, "etlgen", "irload"), nil
}

// build writes the program into a dot-directory of the module, builds it to
// out and removes the directory.
func (l Loader) build(ctx context.Context, m module, pkg, out string) error {
	dir, err := os.MkdirTemp(m.root, ".etlgen-ir-")
	if err != nil {
		return fmt.Errorf("write program: %w", err)
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), programSource(pkg), 0o644); err != nil {
		return fmt.Errorf("write program: %w", err)
	}
	goCmd := l.Go
	if goCmd == "" {
		goCmd = "go"
	}
	cmd := exec.CommandContext(ctx, goCmd, buildArgs(out, "./"+filepath.Base(dir))...)
	cmd.Dir = m.root
	cmd.Env = buildEnv(os.Environ())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		out := strings.TrimSpace(stderr.String())
		var exit *exec.ExitError
		if errors.As(err, &exit) && ctx.Err() == nil {
			if be := parseBuildError(pkg, m.root, out); be != nil {
				return be
			}
			return goFailure(pkg, m.root, out)
		}
		return fmt.Errorf("build program: %w\n%s", err, out)
	}
	return nil
}

// buildArgs are the go command's arguments that build the IR program of
// pkg from main (a directory) to out: no VCS stamping (it runs git) and no
// DWARF or symbol table (linking them is much of the build of an edit).
// The packages are compiled as `go build` and `go test` compile them, so
// an edited package is compiled once for validate and the user's tests;
// compiling it without optimisation (-N -l) would save a third of that
// compile here and cost a whole one in the next `go test`. -p is the go
// command's default parallelism (parallelism), which buildEnv's
// GOMAXPROCS would otherwise lower to one package at a time.
func buildArgs(out, main string) []string {
	args := append([]string{"build"}, parallelism(os.Getenv("GOFLAGS"))...)
	return append(args, "-buildvcs=false", "-ldflags=-s -w", "-o", out, main)
}

// run runs the program and parses the document it prints; when output is
// not empty, the document is also kept there (readOutput).
func run(ctx context.Context, bin, dir, output string) (*ir.Document, error) {
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		switch {
		case ctx.Err() != nil:
			return nil, fmt.Errorf("run program: %w\n%s", err, strings.TrimSpace(stderr.String()))
		case errors.As(err, &exit):
			return nil, problem(CodeLoadFailed, diag.Position{},
				"a panic in an init function of the package, or of one it imports, shows here: fix it (go test runs the same init)",
				"the program that prints the IR failed: %v: %s", err, oneLine(stderr.String()))
		}
		return nil, fmt.Errorf("run program: %w", err)
	}
	doc, err := ir.Unmarshal(stdout.Bytes())
	if err == nil && output != "" {
		writeCached(output, stdout.Bytes())
	}
	return doc, err
}

// programSource is the main package that prints the IR of pkg.
func programSource(pkg string) []byte {
	return fmt.Appendf(nil, `// Code generated by etlgen. DO NOT EDIT.

// Command irprog prints the etlgen IR document of %[1]s.
package main

import (
	"fmt"
	"os"

	"github.com/etlgen/etlgen/framework/etl"

	_ %[1]q
)

func main() {
	if err := etl.WriteDocument(os.Stdout, %[1]q); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`, pkg)
}
