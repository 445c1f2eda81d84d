package localengine

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
// rows; merge applies them as Delta's MERGE on the merge keys does
// (foreach-batch MERGE, mergeMatch); complete replaces the table with each
// batch (Spark's memory sink in complete mode).
type MemoryTable struct {
	Name      string
	Mode      string
	MergeKeys []string
	mu        sync.Mutex
	schema    *Schema
	rows      []Row
	last      map[string]int64           // checkpoint → last batch written
	batches   map[string]map[int64][]Row // checkpoint → batch → rows written
}

// NewMemoryTable returns an empty table.
func NewMemoryTable(name, mode string, mergeKeys []string) *MemoryTable {
	return &MemoryTable{Name: name, Mode: mode, MergeKeys: mergeKeys,
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
		t.rows = append([]Row(nil), rows...)
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

// merge applies rows as Delta's MERGE on the merge keys (mergeMatch):
// nothing changes when it fails.
func (t *MemoryTable) merge(s *Schema, rows []Row) error {
	key, err := t.keyFunc(s, "merge into")
	if err != nil {
		return err
	}
	target, source := make([]string, len(t.rows)), make([]string, len(rows))
	for i, r := range t.rows {
		target[i] = key(r)
	}
	for j, r := range rows {
		source[j] = key(r)
	}
	updates, inserts, err := mergeMatch(t.Name, target, source)
	if err != nil {
		return err
	}
	for i, j := range updates {
		t.rows[i] = rows[j]
	}
	for _, j := range inserts {
		t.rows = append(t.rows, rows[j])
	}
	return nil
}

// keyFunc returns the key string of a row of schema s by the merge keys.
func (t *MemoryTable) keyFunc(s *Schema, op string) (func(Row) string, error) {
	idx := make([]int, len(t.MergeKeys))
	for i, k := range t.MergeKeys {
		if idx[i] = s.Index(k); idx[i] < 0 {
			return nil, fmt.Errorf("%s %s: key %s is not a column", op, t.Name, k)
		}
	}
	return func(r Row) string {
		var kb []byte
		for _, i := range idx {
			kb = keyString(kb, r[i])
		}
		return string(kb)
	}, nil
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
