package gen

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/etlgen/etlgen/diag"
)

// ReadPublished reads every DIR/data/*.odcs.yaml. A file that is not a
// readable ODCS document is a diagnostic; a missing data directory means
// nothing is published yet.
func ReadPublished(dir string) ([]Published, diag.List, error) {
	files, err := filepath.Glob(filepath.Join(dir, "data", "*.odcs.yaml"))
	if err != nil {
		return nil, nil, fmt.Errorf("read published contracts: %w", err)
	}
	sort.Strings(files)
	var (
		out   []Published
		diags diag.List
	)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, nil, fmt.Errorf("read published contracts: %w", err)
		}
		doc, err := ParseODCS(data)
		if err != nil {
			diags.Errorf(CodeBadPublishedFile, diag.Position{File: f}, "regenerate it with etlgen contracts -o DIR, or fix the YAML", "%v", err)
			continue
		}
		out = append(out, Published{Path: f, Doc: doc})
	}
	return out, diags, nil
}
