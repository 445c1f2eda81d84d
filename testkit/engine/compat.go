package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/planner"
)

// manifestFile is the state manifest (planner.NewManifest) a checkpoint was
// written with; a restart compares the new plan with it.
const manifestFile = "manifest.json"

// IncompatibleStateError is returned by Open when the plan cannot reuse an
// existing checkpoint: the planner's ETL-X6xx state-compatibility
// diagnostics (planner.CompareManifest).
type IncompatibleStateError struct {
	Diagnostics diag.List
}

// Error lists the diagnostics.
func (e *IncompatibleStateError) Error() string {
	return fmt.Sprintf("incompatible state: %s", e.Diagnostics.Err())
}

// checkCompat grades model against the manifest stored in any existing
// checkpoint of the pipeline, then stores the new manifest in each.
func checkCompat(model *planner.Model, pp *planner.PipelinePlan, manifest []byte) error {
	for _, q := range pp.Queries {
		old, err := os.ReadFile(filepath.Join(q.Checkpoint, manifestFile))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return unreadable(filepath.Join(q.Checkpoint, manifestFile), err)
		}
		if _, err := planner.ParseManifest(old); err != nil {
			return unreadable(filepath.Join(q.Checkpoint, manifestFile), err)
		}
		_, l := planner.CompareManifest(old, model)
		if l.HasErrors() {
			return &IncompatibleStateError{Diagnostics: l}
		}
		break
	}
	for _, q := range pp.Queries {
		if err := atomicWrite(filepath.Join(q.Checkpoint, manifestFile), manifest); err != nil {
			return err
		}
	}
	return nil
}
