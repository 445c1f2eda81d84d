package testkit

import (
	"encoding/json"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/localengine"
)

// WithDelta runs the pipeline over an existing catalog of Delta-like tables
// (the delta and delta-cdf plugins of the local engine), e.g. Catalog() of
// another runtime: a second pipeline, or a replay with a new checkpoint,
// then reads and writes the same tables.
func WithDelta(c *localengine.DeltaCatalog) Option { return func(cfg *config) { cfg.delta = c } }

// Catalog returns the runtime's Delta-like tables.
func (rt *Runtime) Catalog() *localengine.DeltaCatalog { return rt.env.Delta }

// DeltaTable returns the named Delta-like table, creating it when absent.
func (rt *Runtime) DeltaTable(name string) *localengine.DeltaTable {
	rt.tb.Helper()
	if rt.env.Delta == nil {
		rt.tb.Fatalf("testkit: the runtime has no Delta catalog")
	}
	return rt.env.Delta.Table(name)
}

// DeltaInsert commits rows of T to a Delta-like table as one version (keyed
// by T's primary key) and returns the version; the table's Change Data Feed
// gets an insert per row.
func DeltaInsert[T any](rt *Runtime, table string, rows ...T) int64 {
	rt.tb.Helper()
	t, raws := deltaRows(rt.tb, rt, table, rows)
	v, err := t.Insert(raws...)
	if err != nil {
		rt.tb.Fatalf("testkit: %v", err)
	}
	return v
}

// DeltaUpdate commits new values of existing rows (matched by key) as one
// version: an update_preimage and an update_postimage per row.
func DeltaUpdate[T any](rt *Runtime, table string, rows ...T) int64 {
	rt.tb.Helper()
	t, raws := deltaRows(rt.tb, rt, table, rows)
	v, err := t.Update(raws...)
	if err != nil {
		rt.tb.Fatalf("testkit: %v", err)
	}
	return v
}

// DeltaDelete commits the deletion of the rows with the keys of rows as one
// version: a delete change per row.
func DeltaDelete[T any](rt *Runtime, table string, rows ...T) int64 {
	rt.tb.Helper()
	t, raws := deltaRows(rt.tb, rt, table, rows)
	v, err := t.Delete(raws...)
	if err != nil {
		rt.tb.Fatalf("testkit: %v", err)
	}
	return v
}

// DeltaRows reads the current rows of a Delta-like table as values of T.
func DeltaRows[T any](rt *Runtime, table string) []T {
	rt.tb.Helper()
	var out []T
	for _, raw := range rt.DeltaTable(table).Rows() {
		var v T
		if err := json.Unmarshal(raw, &v); err != nil {
			rt.tb.Fatalf("testkit: read %s: %v", table, err)
		}
		out = append(out, v)
	}
	return out
}

// deltaRows keys the table by T's primary key and encodes the rows.
func deltaRows[T any](tb testing.TB, rt *Runtime, table string, rows []T) (*localengine.DeltaTable, []json.RawMessage) {
	tb.Helper()
	c, ok := contracts.Of[T]()
	if !ok || len(c.PrimaryKey()) == 0 {
		tb.Fatalf("testkit: write %s: %T has no contract with a primary key", table, *new(T))
	}
	t := rt.DeltaTable(table)
	if err := t.SetKeys(c.PrimaryKey()...); err != nil {
		tb.Fatalf("testkit: %v", err)
	}
	raws := make([]json.RawMessage, len(rows))
	for i, r := range rows {
		raw, err := EncodeEvent(r, c)
		if err != nil {
			tb.Fatalf("testkit: write %s: %v", table, err)
		}
		raws[i] = raw
	}
	return t, raws
}
