package localengine

import (
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// The values gob reads in a whole state/N of a checkpoint written before
// deltas (state files are now records: state_codec.go).
func init() {
	gob.Register(decimal.Decimal{})
	gob.Register(time.Time{})
	gob.Register(contracts.Date{})
	gob.Register(map[string]any{})
	gob.Register([]any{})
}

// OffsetLog is offsets/N: written before batch N runs (MicroBatchExecution
// constructNextBatch → offsetLog.add), with the batch's watermark and
// timestamp (OffsetSeqMetadata) so that a re-run of N is identical.
type OffsetLog struct {
	BatchID          int64 `json:"batchId"`
	BatchTimestampMs int64 `json:"batchTimestampMs"`
	// BatchWatermarkMs is the global watermark the batch runs with.
	BatchWatermarkMs int64 `json:"batchWatermarkMs"`
	// LateEventsWatermarkMs is the watermark late rows are judged against:
	// the batchWatermarkMs of offsets/N-1, 0 for the first batch
	// (IncrementalExecution reads it from the previous offset log).
	LateEventsWatermarkMs int64 `json:"lateEventsWatermarkMs"`
	// OperatorWatermarksMs are the per-watermark-operator values the global
	// one was chosen from (WatermarkTracker.operatorToWatermarkMap); absent
	// until an operator saw data.
	OperatorWatermarksMs map[int]int64     `json:"operatorWatermarksMs,omitempty"`
	Sources              map[string]Offset `json:"sources"`
}

// CommitLog is commits/N: written after batch N's sink write and state
// snapshot (MicroBatchExecution markMicroBatchEnd → commitLog.add).
type CommitLog struct {
	NextBatchWatermarkMs int64 `json:"nextBatchWatermarkMs"`
	// OperatorWatermarksMs carry the tracker's state to the next batch.
	OperatorWatermarksMs map[int]int64 `json:"operatorWatermarksMs,omitempty"`
}

// checkpoint is one query's checkpoint directory: offsets/N, commits/N,
// state/N.delta and state/N.snapshot (checkpoint_state.go) and
// manifest.json.
type checkpoint struct {
	dir string
	// unsealedBelow is the metadata's SealedFrom: a file of a batch from
	// it on must carry its checksum (mustSeal); identity sets it.
	unsealedBelow int64
}

// mustSeal reports whether the files of batch n must carry a checksum: a
// file of an older batch may predate checksums.
func (c checkpoint) mustSeal(n int64) bool { return n >= c.unsealedBelow }

func (c checkpoint) path(kind string, n int64) string {
	return filepath.Join(c.dir, kind, strconv.FormatInt(n, 10))
}

// writeJSON writes a log entry atomically (temp file + rename).
func (c checkpoint) writeJSON(kind string, n int64, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err == nil && sealed(kind) {
		data, err = seal(data)
	}
	if err != nil {
		return fmt.Errorf("write %s/%d: %w", kind, n, err)
	}
	return atomicWrite(c.path(kind, n), append(data, '\n'))
}

func atomicWrite(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return unwritable(path, err)
	}
	// A dot name: readers of the directory (file sources, Spark) skip it.
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return unwritable(path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return unwritable(path, err)
	}
	return nil
}

func (c checkpoint) readJSON(kind string, n int64, v any) error {
	data, err := os.ReadFile(c.path(kind, n))
	if err != nil {
		return unreadable(c.path(kind, n), err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return unreadable(c.path(kind, n), err)
	}
	if sealed(kind) {
		if err := checkSeal(data, c.mustSeal(n)); err != nil {
			return unreadable(c.path(kind, n), err)
		}
	}
	return nil
}

func (c checkpoint) exists(kind string, n int64) bool {
	_, err := os.Stat(c.path(kind, n))
	return err == nil
}

// latest returns the highest batch id logged under kind, or -1.
func (c checkpoint) latest(kind string) (int64, error) {
	ids, err := c.ids(kind)
	if err != nil || len(ids) == 0 {
		return -1, err
	}
	return ids[len(ids)-1], nil
}

func (c checkpoint) ids(kind string) ([]int64, error) {
	entries, err := os.ReadDir(filepath.Join(c.dir, kind))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list checkpoint %s: %w", kind, err)
	}
	var ids []int64
	for _, e := range entries {
		if n, err := strconv.ParseInt(e.Name(), 10, 64); err == nil {
			ids = append(ids, n)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids, nil
}

// MinBatchesToRetain is how many batches a checkpoint keeps
// (spark.sql.streaming.minBatchesToRetain, default 100): after batch n
// commits, offsets and commits of batches up to n-MinBatchesToRetain are
// deleted, as MicroBatchExecution purges its logs, and the state files
// older than the snapshot the oldest retained batch's state starts from,
// as the state store purges its old versions.
const MinBatchesToRetain = 100

// ErrBatchPruned is returned when a batch's checkpoint entries were deleted
// by the retention (MinBatchesToRetain): it can no longer be replayed.
var ErrBatchPruned = errors.New("batch pruned from the checkpoint")

// seenFiles is sources/seen.json: the files of file sources that batches
// pruned from the offset log read, per source alias, so that a restart does
// not read them again (Spark keeps them in the compacted file-source log).
const seenFiles = "seen.json"

// readSeen returns the files recorded by pruned batches, per source alias.
func (c checkpoint) readSeen() (map[string][]string, error) {
	data, err := os.ReadFile(filepath.Join(c.dir, "sources", seenFiles))
	if errors.Is(err, fs.ErrNotExist) {
		return map[string][]string{}, nil
	}
	if err != nil {
		return nil, unreadable(filepath.Join(c.dir, "sources", seenFiles), err)
	}
	seen := map[string][]string{}
	if err := json.Unmarshal(data, &seen); err != nil {
		return nil, unreadable(filepath.Join(c.dir, "sources", seenFiles), err)
	}
	return seen, nil
}

// prune deletes the offsets, commits and rolling gates' metrics of the
// batches before the last
// keep once batch n committed (pruneState the state files they no longer
// need): batch n-keep, and every
// keep batches all older entries too (left by a crash during a prune, or
// by an older checkpoint). The files the pruned offsets name are first
// folded into sources/seen.json (written atomically, before any deletion,
// so a crash in between loses nothing).
func (c checkpoint) prune(n, keep int64) error {
	limit := n - keep // the newest batch id to delete
	if limit < 0 {
		return nil
	}
	old := []int64{limit}
	if n%keep == 0 {
		ids, err := c.ids("offsets")
		if err != nil {
			return err
		}
		old = old[:0]
		for _, id := range ids {
			if id <= limit {
				old = append(old, id)
			}
		}
	}
	var logged []int64
	for _, id := range old {
		if c.exists("offsets", id) {
			logged = append(logged, id)
		}
	}
	if err := c.foldSeen(logged); err != nil {
		return err
	}
	for _, kind := range []string{"offsets", "commits", rollingKind} {
		ids := old
		if n%keep == 0 {
			var err error
			if ids, err = c.ids(kind); err != nil {
				return err
			}
		}
		for _, id := range ids {
			if id > limit {
				break
			}
			if err := os.Remove(c.path(kind, id)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("prune checkpoint %s/%d: %w", kind, id, err)
			}
		}
	}
	return nil
}

// foldSeen adds the files of offsets/id for ids to sources/seen.json.
func (c checkpoint) foldSeen(ids []int64) error {
	add := map[string][]string{}
	for _, id := range ids {
		var ol OffsetLog
		if err := c.readJSON("offsets", id, &ol); err != nil {
			return fmt.Errorf("prune: %w", err)
		}
		for a, o := range ol.Sources {
			add[a] = append(add[a], o.Files...)
		}
	}
	changed := false
	for _, files := range add {
		changed = changed || len(files) > 0
	}
	if !changed {
		return nil
	}
	seen, err := c.readSeen()
	if err != nil {
		return err
	}
	for a, files := range add {
		set := map[string]bool{}
		for _, f := range seen[a] {
			set[f] = true
		}
		for _, f := range files {
			if !set[f] {
				set[f] = true
				seen[a] = append(seen[a], f)
			}
		}
		sort.Strings(seen[a])
	}
	data, err := json.Marshal(seen)
	if err != nil {
		return fmt.Errorf("write checkpoint sources/%s: %w", seenFiles, err)
	}
	return atomicWrite(filepath.Join(c.dir, "sources", seenFiles), append(data, '\n'))
}
