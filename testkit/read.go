package testkit

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/etlgen/etlgen/localengine"
)

// TableReader reads a memory table as values of type T.
type TableReader[T any] struct {
	rt   *Runtime
	name string
}

// Table reads the memory table written by the load of asset name.
func Table[T any](rt *Runtime, name string) TableReader[T] {
	rt.tb.Helper()
	if _, ok := rt.env.Tables[name]; !ok {
		rt.tb.Fatalf("testkit: %s is not a memory sink of the pipeline (have %v)", name, slices.Sorted(maps.Keys(rt.env.Tables)))
	}
	return TableReader[T]{rt: rt, name: name}
}

// Quarantine reads the rejected payloads written to the memory table of
// asset name (a load of Extract(...).Invalid()).
func Quarantine[T any](rt *Runtime, name string) []T {
	rt.tb.Helper()
	return Table[T](rt, name).Rows()
}

// Late reads the late rows written to the memory table of asset name (a
// load of a Late() branch).
func Late[T any](rt *Runtime, name string) []T {
	rt.tb.Helper()
	return Table[T](rt, name).Rows()
}

// Rows returns the table's rows decoded into T by JSON column names.
func (r TableReader[T]) Rows() []T {
	r.rt.tb.Helper()
	s, rows := r.rt.env.Tables[r.name].Rows()
	out := make([]T, 0, len(rows))
	for _, row := range rows {
		var v T
		if err := json.Unmarshal(localengine.EncodeRow(s, row), &v); err != nil {
			r.rt.tb.Fatalf("testkit: read %s: %v", r.name, err)
		}
		out = append(out, v)
	}
	return out
}

// Maps returns the table's rows as column name → value.
func (r TableReader[T]) Maps() []map[string]any {
	s, rows := r.rt.env.Tables[r.name].Rows()
	out := make([]map[string]any, len(rows))
	for i, row := range rows {
		out[i] = s.Map(row)
	}
	return out
}

// State returns the rows held by a stateful operator, named
// "<step>/<kind>" (e.g. aggregate-customer-orders/aggregate) or by its step
// id alone, as column name → value (an aggregation's groups with their
// current aggregate values).
func (rt *Runtime) State(operator string) []map[string]any {
	rt.tb.Helper()
	var names []string
	for _, q := range rt.engineOrFatal().Queries {
		for _, n := range q.State() {
			names = append(names, n)
			if n != operator && !hasPrefix(n, operator+"/") {
				continue
			}
			s, rows, _ := q.Inspect(n)
			out := make([]map[string]any, len(rows))
			for i, r := range rows {
				out[i] = s.Map(r)
			}
			return out
		}
	}
	rt.tb.Fatalf("testkit: no stateful operator %q (have %v)", operator, names)
	return nil
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }
