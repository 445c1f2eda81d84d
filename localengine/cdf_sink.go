package localengine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// changeTarget is a table a CDF MERGE applies changes to: upserts and
// deletes (rows of the target schema, matched on the keys), skipped when
// the checkpoint already wrote batch id (Delta's txnAppId / txnVersion).
type changeTarget interface {
	applyChanges(cp string, id int64, s *Schema, upserts, deletes []Row) (skipped bool, err error)
}

// ChangeSink is the CDF MERGE sink (etl.LoadChanges): per key it keeps the
// latest change of the micro-batch, by _commit_version and then change type
// (ir.ChangeOrder), and applies it to the target: a delete removes the row,
// an insert or update_postimage upserts the target columns of the row, an
// update_preimage writes nothing. Replaying a batch id changes nothing; a
// new checkpoint replaying every version rebuilds the same target, since
// only each key's latest change counts.
type ChangeSink struct {
	Keys    []string
	Columns []string
	target  changeTarget
}

// Write applies one batch of change rows.
func (c *ChangeSink) Write(cp string, id int64, s *Schema, rows []Row) (bool, error) {
	ti, vi := s.Index(ir.ColChangeType), s.Index(ir.ColCommitVersion)
	if ti < 0 || vi < 0 {
		return false, fmt.Errorf("apply changes: the rows have no %s / %s", ir.ColChangeType, ir.ColCommitVersion)
	}
	proj, err := c.projection(s)
	if err != nil {
		return false, err
	}
	latest, order, err := c.latest(s, rows, ti, vi)
	if err != nil {
		return false, err
	}
	var upserts, deletes []Row
	for _, k := range order {
		r := latest[k]
		out := make(Row, len(proj))
		for i, j := range proj {
			out[i] = r[j]
		}
		switch r[ti] {
		case ir.ChangeDelete:
			deletes = append(deletes, out)
		case ir.ChangeInsert, ir.ChangeUpdatePostimage:
			upserts = append(upserts, out)
		}
	}
	cols := make([]Column, len(proj))
	for i, j := range proj {
		cols[i] = Column{Name: s.Cols[j].Name, Type: s.Cols[j].Type}
	}
	return c.target.applyChanges(cp, id, NewSchema(cols), upserts, deletes)
}

// projection maps the target columns to positions in s.
func (c *ChangeSink) projection(s *Schema) ([]int, error) {
	out := make([]int, len(c.Columns))
	for i, n := range c.Columns {
		if out[i] = s.Index(n); out[i] < 0 {
			return nil, fmt.Errorf("apply changes: target column %s is not in the change rows", n)
		}
	}
	return out, nil
}

// latest keeps, per key, the row with the highest (commit version, change
// rank); order lists the keys in first-seen order.
func (c *ChangeSink) latest(s *Schema, rows []Row, ti, vi int) (map[string]Row, []string, error) {
	var idx []int
	for _, k := range c.Keys {
		i := s.Index(k)
		if i < 0 {
			return nil, nil, fmt.Errorf("apply changes: key %s is not a column", k)
		}
		idx = append(idx, i)
	}
	latest, order := map[string]Row{}, []string(nil)
	for _, r := range rows {
		var kb []byte
		for _, i := range idx {
			kb = keyString(kb, r[i])
		}
		k := string(kb)
		prev, seen := latest[k]
		if !seen {
			order = append(order, k)
		}
		if !seen || later(r, prev, ti, vi) {
			latest[k] = r
		}
	}
	return latest, order, nil
}

// later reports whether change a comes after change b.
func later(a, b Row, ti, vi int) bool {
	av, _ := a[vi].(int64)
	bv, _ := b[vi].(int64)
	if av != bv {
		return av > bv
	}
	at, _ := a[ti].(string)
	bt, _ := b[ti].(string)
	return ir.ChangeRank(at) >= ir.ChangeRank(bt)
}

// applyChanges upserts and deletes rows of a merge-mode memory table.
func (t *MemoryTable) applyChanges(cp string, id int64, s *Schema, upserts, deletes []Row) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if last, ok := t.last[cp]; ok && id <= last {
		return true, nil
	}
	t.schema = s
	if err := t.merge(s, upserts); err != nil {
		return false, err
	}
	if err := t.remove(s, deletes); err != nil {
		return false, err
	}
	t.last[cp] = id
	if t.batches[cp] == nil {
		t.batches[cp] = map[int64][]Row{}
	}
	t.batches[cp][id] = append(append([]Row(nil), upserts...), deletes...)
	return false, nil
}

// remove deletes the rows with the keys of rows.
func (t *MemoryTable) remove(s *Schema, rows []Row) error {
	if len(rows) == 0 {
		return nil
	}
	key, err := t.keyFunc(s, "delete from")
	if err != nil {
		return err
	}
	gone := map[string]bool{}
	for _, r := range rows {
		gone[key(r)] = true
	}
	kept := t.rows[:0]
	for _, r := range t.rows {
		if !gone[key(r)] {
			kept = append(kept, r)
		}
	}
	t.rows = kept
	return nil
}

// applyChanges commits the changes as one MERGE version of the Delta-like
// table, with txnAppId = the checkpoint and txnVersion = the batch id.
func (t *DeltaTable) applyChanges(cp string, id int64, s *Schema, upserts, deletes []Row) (bool, error) {
	return t.Merge(cp, id, encodeRows(s, upserts), encodeRows(s, deletes))
}

// Merge commits upserts and deletes as one MERGE version, unless app id
// already committed txn version id or a later one. Upserts are Delta's
// MERGE ... WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *
// on the table's keys (mergeMatch): every row of a key an upsert matches is
// updated (an update that changes nothing writes no change rows), an
// upsert of a new key is inserted, and several upserts matching one row
// fail the MERGE with ErrMultipleSourceRows, committing nothing; a delete
// removes every row of its key. A MERGE that changes nothing commits
// nothing.
func (t *DeltaTable) Merge(appID string, id int64, upserts, deletes []json.RawMessage) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if last, ok := t.txns[appID]; ok && id <= last {
		return true, nil
	}
	next := int64(len(t.versions))
	var olds []json.RawMessage
	var target, source []string
	for _, k := range slices.Sorted(maps.Keys(t.rows)) {
		for _, r := range t.rows[k] {
			olds, target = append(olds, r), append(target, k)
		}
	}
	for i, r := range upserts {
		source = append(source, t.rowKey(r, next, i))
	}
	updates, inserts, err := mergeMatch(t.Name, target, source)
	if err != nil {
		return false, err
	}
	var changes []Change
	for i, old := range olds {
		if j, ok := updates[i]; ok && !bytes.Equal(old, upserts[j]) {
			changes = append(changes, t.upsertChanges(old, true, upserts[j])...)
		}
	}
	for _, j := range inserts {
		changes = append(changes, t.upsertChanges(nil, false, upserts[j])...)
	}
	for _, r := range deletes {
		for _, old := range t.rows[t.rowKey(r, next, -1)] {
			changes = append(changes, Change{Type: ir.ChangeDelete, Row: old})
		}
	}
	if err := t.appendOnlyLocked(changes); err != nil {
		return false, err
	}
	t.txns[appID] = id
	if len(changes) > 0 {
		t.commitLocked("MERGE", changes)
	}
	return false, nil
}

func encodeRows(s *Schema, rows []Row) []json.RawMessage {
	out := make([]json.RawMessage, len(rows))
	for i, r := range rows {
		out[i] = EncodeRow(s, r)
	}
	return out
}

// newChangeSink creates the CDF MERGE sink of a query over the change
// target its plugin opens (a merge-mode memory table, a table of the Delta
// catalog).
func newChangeSink(pq *planner.Query, target func(sinkArgs) (changeTarget, error), args sinkArgs) (Sink, error) {
	cm := pq.Sink.Changes
	cs := &ChangeSink{Keys: cm.Keys}
	for _, c := range cm.Columns {
		cs.Columns = append(cs.Columns, c.Name)
	}
	t, err := target(args)
	if err != nil {
		return nil, fmt.Errorf("open sink %s (%s): %w", pq.Name, pq.Sink.Plugin, err)
	}
	cs.target = t
	return cs, nil
}
