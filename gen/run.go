package gen

import (
	"context"
	"errors"
	"fmt"
	"path"
	"sort"
)

// Run calls every generator on m and, only when all of them succeeded and no
// two files share a path, writes the files to sink in path order. A sink that
// is also a Pruner then handles the obsolete files the generators own (see
// Pruner and Owner). It returns the files generated, sorted by path.
func Run(ctx context.Context, gens []Generator, m *Model, sink Sink) ([]File, error) {
	files, err := Generate(ctx, gens, m)
	if err != nil {
		return nil, err
	}
	if err := sink.Write(ctx, files); err != nil {
		return nil, err
	}
	p, ok := sink.(Pruner)
	if !ok {
		return files, nil
	}
	var owned []string
	for _, g := range gens {
		owned = append(owned, g.Spec().Owns...)
	}
	return files, p.Prune(ctx, owned, files)
}

// Generate calls every generator on m and returns their files sorted by path.
// It reports every failing generator, and duplicate or unsafe paths.
func Generate(ctx context.Context, gens []Generator, m *Model) ([]File, error) {
	var (
		all  []File
		errs []error
		by   = map[string]string{}
	)
	for _, g := range gens {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		files, err := g.Generate(ctx, m)
		if err != nil {
			errs = append(errs, fmt.Errorf("generate %s: %w", g.Name(), err))
			continue
		}
		for _, f := range files {
			if err := checkPath(f.Path); err != nil {
				errs = append(errs, fmt.Errorf("generate %s: %w", g.Name(), err))
				continue
			}
			if prev, ok := by[f.Path]; ok {
				errs = append(errs, fmt.Errorf("generate %s: file %s is also written by %s", g.Name(), f.Path, prev))
				continue
			}
			by[f.Path] = g.Name()
			f.Aggregate = matchesAny(g.Spec().Aggregates, f.Path)
			all = append(all, f)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Path < all[j].Path })
	return all, nil
}

// checkPath rejects paths that would escape the sink's root, and the
// ownership ledger's.
func checkPath(p string) error {
	clean := path.Clean(p)
	if p == "" || path.IsAbs(p) || clean != p || clean == ".." || len(clean) > 2 && clean[:3] == "../" {
		return fmt.Errorf("file path %q is not a clean relative path", p)
	}
	if p == LedgerFile {
		return fmt.Errorf("file path %q is the ownership ledger's", p)
	}
	return nil
}
