package localengine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// Leftover is what another run wrote for a pipeline, which StartOver
// deletes with it: Queries, with checkpoints of their own, wrote into the
// pipeline's sinks; Dir, a directory that run owns whole (its
// checkpoints and ledger), is deleted after their sink files.
type Leftover struct {
	Queries []planner.Query
	Dir     string
}

// ErrStartOverDeclined is StartOver's error when its confirm said no.
var ErrStartOverDeclined = errors.New("start over declined: nothing deleted")

// StartOver deletes what a pipeline's earlier runs on the local engine
// left, so that the next run starts fresh: every query's checkpoint
// directory, and in every file-json sink (a static table's quarantine
// too) the files those checkpoints wrote and their sink logs (files of
// other checkpoints, and anything else in the directory, stay). It takes the checkpoints' locks first (a
// running query is ETL-K520, and nothing is deleted), then calls confirm
// with the paths it would delete; confirm returning false deletes nothing
// and is ErrStartOverDeclined. It returns the paths deleted (none when
// there was nothing to delete). Leftovers are what other runs wrote for
// the pipeline (a replay's queries and its ledger directory): their
// checkpoints are locked and their sink files found the same way, and
// their directories are deleted last, whole.
func StartOver(m *planner.Model, pipelineID string, confirm func(paths []string) bool, leftovers ...Leftover) ([]string, error) {
	pp, ok := m.Pipeline(pipelineID)
	if !ok {
		return nil, fmt.Errorf("start over: pipeline %s is not planned", pipelineID)
	}
	var locks []*checkpointLock
	defer func() {
		for _, l := range locks {
			l.release()
		}
	}()
	var paths []string
	queries := make([]*planner.Query, 0, len(pp.Queries))
	for i := range pp.Queries {
		queries = append(queries, &pp.Queries[i])
	}
	for _, l := range leftovers {
		for i := range l.Queries {
			queries = append(queries, &l.Queries[i])
		}
	}
	for _, q := range queries {
		if q.Host != "" {
			continue // its host's checkpoint
		}
		if _, err := os.Stat(q.Checkpoint); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		l, err := lockCheckpoint(q.Checkpoint)
		if err != nil {
			return nil, err
		}
		locks = append(locks, l)
		paths = append(paths, q.Checkpoint)
	}
	checkpoints := slices.Clone(paths)
	writes := slices.Clone(queries)
	for _, s := range pp.Sources {
		if s.Quarantine != nil && s.Quarantine.Owner != "" {
			writes = append(writes, s.Quarantine.Write()) // a static table's quarantine, written under its owner's checkpoint
		}
	}
	for _, g := range pp.Gates {
		if g.Quarantine != nil {
			writes = append(writes, g.Quarantine.Write()) // a quarantine gate's output, written under its load's checkpoint
		}
	}
	for _, q := range writes {
		files, err := sinkFilesOf(q)
		if err != nil {
			return nil, fmt.Errorf("start over: %w", err)
		}
		paths = append(paths, files...)
	}
	for _, l := range leftovers {
		st, err := os.Lstat(l.Dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("start over: %w", err)
		}
		if !st.IsDir() {
			return nil, fmt.Errorf("start over: %s is a %s, not the directory etlgen wrote", l.Dir, modeWord(st.Mode()))
		}
		paths = append(paths, l.Dir)
		checkpoints = append(checkpoints, l.Dir) // deleted whole, after the files in sinks
	}
	if len(paths) == 0 {
		return nil, nil
	}
	if !confirm(paths) {
		return nil, ErrStartOverDeclined
	}
	var done []string
	for _, p := range paths {
		remove := os.Remove // a sink's file (a link: the link, not its target)
		if slices.Contains(checkpoints, p) {
			remove = os.RemoveAll
		}
		if err := remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return done, fmt.Errorf("start over: %w", err)
		}
		done = append(done, p)
	}
	return done, nil
}

// sinkFilesOf lists, in a sink of files (profile.StoreFiles: file-json), the files q's checkpoint wrote
// (committed or left by a crashed batch) and its sink log; none for other
// sinks or a checkpoint that never wrote there. Only the log named by the
// checkpoint's own identity (its metadata file) is trusted, never the
// checkpoint path a log's header claims, and every log of the directory
// must pass checkWriter: one that does not is an error, and nothing is
// deleted.
func sinkFilesOf(q *planner.Query) ([]string, error) {
	if b := q.Sink.Binding; b == nil || b.Plugin() == nil || b.Plugin().Store != profile.StoreFiles {
		return nil, nil
	}
	dir := q.Sink.Binding.Path()
	writers, err := ReadSinkLog(dir)
	if err != nil {
		return nil, err
	}
	id, ok, err := existingIdentity(q.Checkpoint)
	if err != nil || !ok {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	var out []string
	for _, w := range writers {
		if w.ID != id {
			continue
		}
		for _, b := range w.Batches {
			for _, f := range b.Files {
				out = append(out, filepath.Join(dir, f.Path))
			}
		}
		out = append(out, filepath.Join(dir, sinkLogDir, w.ID+".log"))
	}
	for _, e := range entries {
		if m := partPattern.FindStringSubmatch(e.Name()); m != nil && m[1] == id {
			out = append(out, filepath.Join(dir, e.Name())) // left by a batch that crashed before its log line
		}
	}
	slices.Sort(out)
	out = slices.Compact(out)
	for _, p := range out {
		if err := removableFile(p); err != nil {
			return nil, err
		}
	}
	return out, nil
}
