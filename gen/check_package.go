package gen

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/etlgen/etlgen/contracts/goload"
	"github.com/etlgen/etlgen/diag"
)

// CheckPackages loads the contracts declared in the Go source of the
// packages matching patterns under dir and reports what `etlgen validate`
// must not miss there: the contracts' own problems (C1xx: an invalid
// validate or contract tag) and generated Go helpers (zz_etlgen.go) that are
// missing or out of date with the source (ETL-G813: a json or validate tag
// edited without `go generate`), as diagnostics. The error is for a
// package that cannot be loaded at all.
func CheckPackages(ctx context.Context, dir string, patterns ...string) (diag.List, error) {
	res, err := goload.Load(ctx, dir, patterns...)
	if err != nil {
		return nil, fmt.Errorf("check contracts: %w", err)
	}
	l := append(diag.List(nil), res.Diagnostics...)
	if l.HasErrors() {
		return l, nil // the helpers cannot be generated from invalid contracts
	}
	m, err := FromLoad(res, dir)
	if err != nil {
		return nil, fmt.Errorf("check contracts: %w", err)
	}
	sink := &CheckSink{Root: dir}
	if _, err := Run(ctx, Default().Group(GroupGo), m, sink); err != nil {
		return nil, fmt.Errorf("check generated helpers: %w", err)
	}
	for _, s := range sink.Stale {
		what := map[Staleness]string{StaleMissing: "is missing", StaleChanged: "is out of date with the contracts in the Go source", StaleObsolete: "is obsolete"}[s.Kind]
		l.Errorf(CodeStaleGeneratedFile, diag.Position{File: filepath.Join(dir, filepath.FromSlash(s.Path))},
			"run go generate ./... (or etlgen gen) and commit the result", "generated file %s", what)
	}
	return l, nil
}
