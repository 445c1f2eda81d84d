package engine

import (
	"fmt"
	"sync"
)

// Sink receives each batch's output. Writes are idempotent per (checkpoint,
// batch id): a batch written before is skipped, as Spark's sinks do
// (MemorySink, FileStreamSink's metadata log, Delta's txnAppId/txnVersion).
type Sink interface {
	Write(checkpoint string, batchID int64, s *Schema, rows []Row) (skipped bool, err error)
}

// Write modes of a MemoryTable.
const (
	TableAppend   = "append"
	TableMerge    = "merge"
	TableComplete = "complete"
)

// MemoryTable is the `memory` sink: an in-process table. Append adds the
// rows; merge upserts them by the merge keys (foreach-batch MERGE); complete
// replaces the table with each batch (Spark's memory sink in complete mode).
type MemoryTable struct {
	Name      string
	Mode      string
	MergeKeys []string
	mu        sync.Mutex
	schema    *Schema
	rows      []Row
	index     map[string]int
	last      map[string]int64           // checkpoint → last batch written
	batches   map[string]map[int64][]Row // checkpoint → batch → rows written
}

// NewMemoryTable returns an empty table.
func NewMemoryTable(name, mode string, mergeKeys []string) *MemoryTable {
	return &MemoryTable{Name: name, Mode: mode, MergeKeys: mergeKeys, index: map[string]int{},
		last: map[string]int64{}, batches: map[string]map[int64][]Row{}}
}

// Write applies a batch unless the checkpoint already wrote it.
func (t *MemoryTable) Write(cp string, id int64, s *Schema, rows []Row) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if last, ok := t.last[cp]; ok && id <= last {
		return true, nil
	}
	t.schema = s
	switch t.Mode {
	case TableComplete:
		t.rows, t.index = append([]Row(nil), rows...), map[string]int{}
	case TableMerge:
		if err := t.merge(s, rows); err != nil {
			return false, err
		}
	default:
		t.rows = append(t.rows, rows...)
	}
	t.last[cp] = id
	if t.batches[cp] == nil {
		t.batches[cp] = map[int64][]Row{}
	}
	t.batches[cp][id] = rows
	return false, nil
}

// merge upserts rows by the merge keys (the last row of a key wins).
func (t *MemoryTable) merge(s *Schema, rows []Row) error {
	var idx []int
	for _, k := range t.MergeKeys {
		i := s.Index(k)
		if i < 0 {
			return fmt.Errorf("merge into %s: key %s is not a column", t.Name, k)
		}
		idx = append(idx, i)
	}
	for _, r := range rows {
		var kb []byte
		for _, i := range idx {
			kb = keyString(kb, r[i])
		}
		if at, ok := t.index[string(kb)]; ok {
			t.rows[at] = r
			continue
		}
		t.index[string(kb)] = len(t.rows)
		t.rows = append(t.rows, r)
	}
	return nil
}

// Rows returns a copy of the table's rows and their schema (nil before the
// first write).
func (t *MemoryTable) Rows() (*Schema, []Row) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.schema, append([]Row(nil), t.rows...)
}

// Batch returns the rows checkpoint cp wrote in batch id.
func (t *MemoryTable) Batch(cp string, id int64) ([]Row, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	rows, ok := t.batches[cp][id]
	return rows, ok
}
