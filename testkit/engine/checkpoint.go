package engine

import (
	"bytes"
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
// state/N (the state after batch N, gob) and manifest.json.
type checkpoint struct{ dir string }

func (c checkpoint) path(kind string, n int64) string {
	return filepath.Join(c.dir, kind, strconv.FormatInt(n, 10))
}

// writeJSON writes a log entry atomically (temp file + rename).
func (c checkpoint) writeJSON(kind string, n int64, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("write %s/%d: %w", kind, n, err)
	}
	return atomicWrite(c.path(kind, n), append(data, '\n'))
}

func atomicWrite(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func (c checkpoint) readJSON(kind string, n int64, v any) error {
	data, err := os.ReadFile(c.path(kind, n))
	if err != nil {
		return fmt.Errorf("read checkpoint %s/%d: %w", kind, n, err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("read checkpoint %s/%d: %w", kind, n, err)
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

// writeState snapshots the stateful operators after batch n.
func (c checkpoint) writeState(n int64, ops []stateful) error {
	if len(ops) == 0 {
		return nil // a stateless query has no state to snapshot (readState reads none)
	}
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	for _, op := range ops {
		if err := enc.Encode(op.stateName()); err != nil {
			return fmt.Errorf("snapshot state %s: %w", op.stateName(), err)
		}
		if err := enc.Encode(op.snapshot()); err != nil {
			return fmt.Errorf("snapshot state %s: %w", op.stateName(), err)
		}
	}
	return atomicWrite(c.path("state", n), buf.Bytes())
}

// readState restores the operators from the snapshot of batch n.
func (c checkpoint) readState(n int64, ops []stateful) error {
	if len(ops) == 0 {
		return nil
	}
	data, err := os.ReadFile(c.path("state", n))
	if err != nil {
		return fmt.Errorf("read state %d: %w", n, err)
	}
	dec := gob.NewDecoder(bytes.NewReader(data))
	for _, op := range ops {
		var name string
		if err := dec.Decode(&name); err != nil || name != op.stateName() {
			return fmt.Errorf("read state %d: operator %q where %s was expected: %v", n, name, op.stateName(), err)
		}
		if err := op.restore(dec.Decode); err != nil {
			return fmt.Errorf("read state %d of %s: %w", n, name, err)
		}
	}
	return nil
}

// prune removes log entries and snapshots older than keep batches.
func (c checkpoint) prune(n, keep int64) {
	for _, kind := range []string{"state"} {
		ids, _ := c.ids(kind)
		for _, id := range ids {
			if id < n-keep {
				_ = os.Remove(c.path(kind, id))
			}
		}
	}
}
