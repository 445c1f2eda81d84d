package gen

import (
	"fmt"
	"path/filepath"

	"github.com/etlgen/etlgen/contracts"
)

// FromLoad builds the model from a goload.Load result. Package directories
// are made relative to root, the directory GroupGo files are written under.
func FromLoad(res *contracts.LoadResult, root string) (*Model, error) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("build model: %w", err)
	}
	m := &Model{}
	for _, p := range res.Packages {
		dir, err := relDir(absRoot, p.Dir)
		if err != nil {
			return nil, fmt.Errorf("build model: package %s: %w", p.ImportPath, err)
		}
		m.Packages = append(m.Packages, Package{
			Path:      p.ImportPath,
			Name:      p.Name,
			Dir:       dir,
			Contracts: declared(res.ContractsOf(p.ImportPath), p.Types),
		})
	}
	return m, nil
}

// relDir returns dir relative to root, slash-separated; a package outside
// root is an error, as its files could not be written under it.
func relDir(root, dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", err
	}
	rel = filepath.ToSlash(rel)
	if rel == ".." || len(rel) > 2 && rel[:3] == "../" {
		return "", fmt.Errorf("directory %s is outside %s", dir, root)
	}
	return rel, nil
}

// declared orders contracts by their type's declaration order; contracts
// whose type is not listed keep their order at the end.
func declared(cs []contracts.Contract, types []string) []contracts.Contract {
	out := make([]contracts.Contract, 0, len(cs))
	used := make([]bool, len(cs))
	for _, name := range types {
		for i, c := range cs {
			if !used[i] && c.Name == name {
				out = append(out, c)
				used[i] = true
			}
		}
	}
	for i, c := range cs {
		if !used[i] {
			out = append(out, c)
		}
	}
	return out
}
