package localengine

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
// checkpoint of the pipeline, then stores the new manifest in each,
// sealed with its checksum (checkpoint_seal.go): a manifest changed after
// it was written is a CodeCheckpointUnreadable error naming it, not a
// state-compatibility verdict on keys it never had.
func checkCompat(model *planner.Model, pp *planner.PipelinePlan, manifest []byte) error {
	for _, q := range pp.Queries {
		old, err := readManifest(q.Checkpoint)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		_, l := planner.CompareManifest(old, model)
		if l.HasErrors() {
			return &IncompatibleStateError{Diagnostics: l}
		}
		break
	}
	sealed, err := seal(manifest)
	if err != nil {
		return fmt.Errorf("seal state manifest: %w", err)
	}
	for _, q := range pp.Queries {
		if err := atomicWrite(filepath.Join(q.Checkpoint, manifestFile), sealed); err != nil {
			return err
		}
	}
	return nil
}

// readManifest reads the manifest of the checkpoint in dir, checks its
// checksum (which it must have once the checkpoint's metadata records
// sealedFrom) and returns it without the checksum; fs.ErrNotExist when
// there is none.
func readManifest(dir string) ([]byte, error) {
	path := filepath.Join(dir, manifestFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if err != nil {
		return nil, unreadable(path, err)
	}
	meta, _, err := readMetadata(dir)
	if err != nil {
		return nil, err
	}
	if err := checkSeal(data, meta.SealedFrom != nil); err != nil {
		return nil, unreadable(path, err)
	}
	if data, err = unseal(data); err != nil {
		return nil, unreadable(path, err)
	}
	if _, err := planner.ParseManifest(data); err != nil {
		return nil, unreadable(path, err)
	}
	return data, nil
}
