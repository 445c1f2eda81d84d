package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/project"
)

// stateFile is the committed state manifest of one pipeline on one target:
// <state>/<target>/<pipeline>.json, relative to the project root.
func stateFile(cfg *project.Config, target, pipeline string) string {
	return path.Join(cfg.State, target, pipeline+".json")
}

// stateDiagnostics grades a unit's plan against the committed state
// manifests of its pipelines (those that have one; a pipeline without a
// manifest has no running checkpoint to be compatible with). A manifest
// that does not parse is ETL-X611 at the file.
func stateDiagnostics(cfg *project.Config, r project.UnitResult) diag.List {
	if cfg.State == "" || r.Err != nil || r.Result.Model == nil {
		return nil
	}
	old := &planner.Manifest{ManifestVersion: planner.ManifestVersion, Pipelines: []planner.ManifestPipeline{}}
	var files []string
	for _, p := range r.Result.Model.Pipelines {
		rel := stateFile(cfg, r.Target.Name, p.ID)
		data, err := os.ReadFile(cfg.Path(rel))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		var m *planner.Manifest
		if err == nil {
			m, err = planner.ParseManifest(data)
		}
		if err != nil {
			var l diag.List
			l.Errorf(planner.CodeStateManifest, diag.Position{File: cfg.Path(rel)}, "write it again with etlgen plan --write-state from the running version",
				"cannot read the state manifest: %v", err)
			return l
		}
		old.Profile = m.Profile
		old.Pipelines = append(old.Pipelines, m.Pipelines...)
		files = append(files, cfg.Path(rel))
	}
	if len(files) == 0 {
		return nil
	}
	data, err := old.Marshal()
	if err != nil {
		return nil
	}
	_, l := planner.CompareManifest(data, r.Result.Model)
	for i := range l {
		if !l[i].Pos.IsValid() {
			l[i].Pos = diag.Position{File: files[0]}
		}
	}
	return l
}

// writeState writes the state manifest of each pipeline of a unit's plan
// into the project's state directory and returns the files written.
func writeState(cfg *project.Config, r project.UnitResult) ([]string, error) {
	if cfg.State == "" {
		return nil, fmt.Errorf("%s has no state: directory to write the manifests to", cfg.File)
	}
	full := planner.NewManifest(r.Result.Model)
	var out []string
	for _, p := range full.Pipelines {
		m := *full
		m.Pipelines = []planner.ManifestPipeline{p}
		rel := stateFile(cfg, r.Target.Name, p.ID)
		if err := os.MkdirAll(filepath.Dir(cfg.Path(rel)), 0o755); err != nil {
			return out, fmt.Errorf("write state manifest: %w", err)
		}
		if err := writeManifestOf(cfg.Path(rel), &m); err != nil {
			return out, err
		}
		out = append(out, rel)
	}
	return out, nil
}
