package localengine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
)

// DeltaCatalog holds the in-process Delta-like tables of the local engine,
// by table name (the delta and delta-cdf plugins' table, or their path). It
// is safe for concurrent use.
type DeltaCatalog struct {
	// Clock stamps commits; time.Now when nil.
	Clock  func() time.Time
	mu     sync.Mutex
	tables map[string]*DeltaTable
}

// NewDeltaCatalog returns an empty catalog.
func NewDeltaCatalog(clock func() time.Time) *DeltaCatalog {
	return &DeltaCatalog{Clock: clock, tables: map[string]*DeltaTable{}}
}

// Table returns the named table, creating it empty (version 0, CREATE
// TABLE, no rows) when absent.
func (c *DeltaCatalog) Table(name string) *DeltaTable {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t, ok := c.tables[name]; ok {
		return t
	}
	t := &DeltaTable{Name: name, clock: c.now, rows: map[string][]json.RawMessage{}, txns: map[string]int64{}}
	t.commitLocked("CREATE TABLE", nil)
	c.tables[name] = t
	return t
}

// Names returns the table names, sorted.
func (c *DeltaCatalog) Names() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Sorted(maps.Keys(c.tables))
}

func (c *DeltaCatalog) now() time.Time {
	if c.Clock == nil {
		return time.Now().UTC()
	}
	return c.Clock().UTC()
}

// Change is one row of a table's Change Data Feed: the change type (insert,
// update_preimage, update_postimage, delete) and the row as a JSON object.
type Change struct {
	Type string
	Row  json.RawMessage
}

// DeltaVersion is one commit of a DeltaTable: its version, commit time,
// operation and the change rows it wrote (Delta's _change_data).
type DeltaVersion struct {
	Version   int64
	Timestamp time.Time
	Operation string
	Changes   []Change
}

// DeltaTable is a Delta-like table with versions and a Change Data Feed:
// each write is a commit (version 0 is CREATE TABLE) that records its
// change rows, as a Delta table with delta.enableChangeDataFeed=true does.
// Rows are JSON objects grouped by the table's key columns (SetKeys); a
// table without keys only appends. Insert, Update and Delete (the tests'
// changes to a source table) treat the keys as unique; a MERGE sink's
// keys need not be (Delta's MERGE on part of a key leaves several rows of
// one key: DeltaTable.Merge). MERGE writes carry an application
// transaction (Delta's txnAppId / txnVersion): a version at or below the
// last one recorded for the app id is skipped.
type DeltaTable struct {
	Name     string
	clock    func() time.Time
	mu       sync.Mutex
	keys     []string
	versions []DeltaVersion
	rows     map[string][]json.RawMessage // key → current rows
	txns     map[string]int64             // txnAppId → last txnVersion
	// created: a sink created the table (or found it: Create), layout is
	// then what it was created with and cols its columns once a batch
	// was written (delta_layout.go).
	created bool
	layout  TableLayout
	cols    []Column
}

// SetKeys sets the columns that identify a row. A table's keys are set once,
// before its first row.
func (t *DeltaTable) SetKeys(keys ...string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case len(t.keys) == 0 && len(t.rows) == 0:
		t.keys = append([]string(nil), keys...)
		return nil
	case fmt.Sprint(t.keys) == fmt.Sprint(keys):
		return nil
	}
	return fmt.Errorf("delta table %s: keys are %v, not %v", t.Name, t.keys, keys)
}

// Latest returns the latest version.
func (t *DeltaTable) Latest() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return int64(len(t.versions) - 1)
}

// Version returns commit v.
func (t *DeltaTable) Version(v int64) (DeltaVersion, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if v < 0 || v >= int64(len(t.versions)) {
		return DeltaVersion{}, false
	}
	return t.versions[v], true
}

// Rows returns the current rows, ordered by key.
func (t *DeltaTable) Rows() []json.RawMessage {
	t.mu.Lock()
	defer t.mu.Unlock()
	return orderedRows(t.rows)
}

// SnapshotAt returns the rows of version v (time travel), ordered by key.
func (t *DeltaTable) SnapshotAt(v int64) []json.RawMessage {
	t.mu.Lock()
	defer t.mu.Unlock()
	rows := map[string][]json.RawMessage{}
	for i := int64(0); i <= v && i < int64(len(t.versions)); i++ {
		t.apply(rows, i, t.versions[i].Changes)
	}
	return orderedRows(rows)
}

// apply applies the changes of version v to rows: an insert adds its row,
// an update_postimage replaces the row its update_preimage (the change
// before it) names, a delete removes a row equal to its own.
func (t *DeltaTable) apply(rows map[string][]json.RawMessage, v int64, changes []Change) {
	for j, c := range changes {
		k := t.rowKey(c.Row, v, j)
		switch c.Type {
		case ir.ChangeInsert:
			rows[k] = append(rows[k], c.Row)
		case ir.ChangeUpdatePostimage:
			at := -1
			if j > 0 && changes[j-1].Type == ir.ChangeUpdatePreimage {
				at = indexRow(rows[k], changes[j-1].Row)
			}
			if at < 0 {
				rows[k] = append(rows[k], c.Row)
			} else {
				rows[k][at] = c.Row
			}
		case ir.ChangeDelete:
			if at := indexRow(rows[k], c.Row); at >= 0 {
				rows[k] = slices.Delete(rows[k], at, at+1)
			}
			if len(rows[k]) == 0 {
				delete(rows, k)
			}
		}
	}
}

// indexRow is the position of a row equal to r, or -1.
func indexRow(rows []json.RawMessage, r json.RawMessage) int {
	return slices.IndexFunc(rows, func(x json.RawMessage) bool { return bytes.Equal(x, r) })
}

func orderedRows(m map[string][]json.RawMessage) []json.RawMessage {
	var out []json.RawMessage
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, m[k]...)
	}
	return out
}

// Insert commits new rows (a key that exists is an error).
func (t *DeltaTable) Insert(rows ...json.RawMessage) (int64, error) {
	return t.write("WRITE", rows, nil, false)
}

// Update commits new values of existing rows, matched by key: an
// update_preimage and an update_postimage per row.
func (t *DeltaTable) Update(rows ...json.RawMessage) (int64, error) {
	return t.write("UPDATE", rows, nil, true)
}

// Delete commits the removal of the rows with the keys of rows.
func (t *DeltaTable) Delete(rows ...json.RawMessage) (int64, error) {
	return t.write("DELETE", nil, rows, true)
}

// write commits upserts and deletes as one version. Without must-exist an
// upsert of an existing key fails (an insert); with it, a missing key fails.
func (t *DeltaTable) write(op string, upserts, deletes []json.RawMessage, mustExist bool) (int64, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var changes []Change
	next := int64(len(t.versions))
	for i, r := range upserts {
		k := t.rowKey(r, next, i)
		olds := t.rows[k]
		ok := len(olds) > 0
		var old json.RawMessage
		if ok {
			old = olds[0]
		}
		switch {
		case ok && !mustExist:
			return 0, fmt.Errorf("insert into %s: key %s exists", t.Name, k)
		case !ok && mustExist:
			return 0, fmt.Errorf("update %s: no row with key %s", t.Name, k)
		}
		changes = append(changes, t.upsertChanges(old, ok, r)...)
	}
	for _, r := range deletes {
		k := t.rowKey(r, next, -1)
		if len(t.rows[k]) == 0 {
			return 0, fmt.Errorf("delete from %s: no row with key %s", t.Name, k)
		}
		for _, old := range t.rows[k] {
			changes = append(changes, Change{Type: ir.ChangeDelete, Row: old})
		}
	}
	if err := t.appendOnlyLocked(changes); err != nil {
		return 0, err
	}
	return t.commitLocked(op, changes), nil
}

// upsertChanges are the change rows of writing r over old (when found).
func (t *DeltaTable) upsertChanges(old json.RawMessage, found bool, r json.RawMessage) []Change {
	if !found {
		return []Change{{Type: ir.ChangeInsert, Row: r}}
	}
	return []Change{{Type: ir.ChangeUpdatePreimage, Row: old}, {Type: ir.ChangeUpdatePostimage, Row: r}}
}

// commitLocked appends a version with its changes and applies them.
func (t *DeltaTable) commitLocked(op string, changes []Change) int64 {
	v := int64(len(t.versions))
	ts := t.clock().Truncate(time.Millisecond)
	if v > 0 && !ts.After(t.versions[v-1].Timestamp) {
		ts = t.versions[v-1].Timestamp.Add(time.Millisecond) // commit times only increase
	}
	t.apply(t.rows, v, changes)
	t.versions = append(t.versions, DeltaVersion{Version: v, Timestamp: ts, Operation: op, Changes: changes})
	return v
}

// rowKey is the identity of row r: its key members (canonical JSON); in a
// keyless table, where rows are only appended, its position (version, index
// of the change).
func (t *DeltaTable) rowKey(r json.RawMessage, version int64, index int) string {
	if len(t.keys) == 0 {
		return fmt.Sprintf("#%020d/%09d", version, index)
	}
	var m map[string]json.RawMessage
	_ = json.Unmarshal(r, &m)
	var b bytes.Buffer
	for _, k := range t.keys {
		b.Write(canonical(m[k]))
		b.WriteByte(0)
	}
	return b.String()
}

// canonical normalises a JSON scalar so that 1, 1.0 and "1" of one key
// column compare equal when they are the same number.
func canonical(v json.RawMessage) []byte {
	s := string(bytes.TrimSpace(v))
	if u, err := strconv.Unquote(s); err == nil {
		s = u
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return strconv.AppendFloat(nil, f, 'g', -1, 64)
	}
	return []byte(s)
}
