package testkit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/localengine"
)

// Scenario is one conformance case: a pipeline, what arrives (each Arrival
// is processed as one trigger, like an available-now run per arrival batch
// on Spark) and the rows every sink must hold afterwards, in canonical JSON
// (localengine.EncodeRow: the sink contract's columns in order, decimals at
// their scale, timestamps RFC 3339 UTC). The same table runs on this engine
// (LocalRunner) and, through the generated PySpark program, on Spark (the
// conformance runner in e2e): outputs must be identical.
type Scenario struct {
	Name     string
	Pipeline *etl.Pipeline
	// Tables are the source tables of the scenario, by asset: delta-cdf
	// sources, or static tables (SourceTable.Static), the arrivals change
	// with table operations (Arrival.Changes). Every other source is a
	// stream of raw payloads (Arrival.Payloads).
	Tables   map[string]SourceTable
	Arrivals []Arrival
	// Want maps a sink asset to its expected rows; sinks not listed are
	// not checked. Under ExpectationCounts it lists the run's expectation
	// counts per query.
	Want map[string][]string
	// Ignore lists, per sink, the columns that are not compared because
	// they depend on the run (processing time, source file, offsets); Want
	// rows leave them out.
	Ignore map[string][]string
}

// SourceTable is a Delta source table a scenario writes to: its rows are of
// Contract (a contract id of the pipeline's document), keyed by Keys.
type SourceTable struct {
	Contract string
	Keys     []string
	// Static makes the table the static side of a join (plugin delta,
	// read in full at every micro-batch) instead of a Change Data Feed.
	Static bool
	// Quarantine names, for a static table, the asset its rows that break
	// the contract go to (profile option quarantine; a table of the
	// standard rejection columns, each distinct row once, listed in Want
	// like a sink); "" fails the micro-batch on such a row.
	Quarantine string
}

// Arrival is what arrives before one trigger: raw payloads per source
// asset, and operations on source tables, each committed as one table
// version, in order.
type Arrival struct {
	Payloads map[string][]string
	Changes  []TableChange
	// WantFailure, when set, is a text the failure of the run after this
	// arrival must contain (localengine.StaticRowMarker, for instance): that
	// run must fail, on every engine, and the next arrival's run re-runs
	// its batch from the checkpoint.
	WantFailure string
}

// TableOp is the kind of a TableChange.
type TableOp string

// The table operations: INSERT of new rows, UPDATE of existing rows
// (matched by the table's keys), DELETE of the rows with the keys of Rows.
const (
	OpInsert TableOp = "insert"
	OpUpdate TableOp = "update"
	OpDelete TableOp = "delete"
)

// TableChange is one commit to a source table of the scenario: Rows are
// JSON objects of the table's contract.
type TableChange struct {
	Asset string
	Op    TableOp
	Rows  []string
}

// Runner executes a scenario and returns each sink's rows in canonical
// JSON, the run's expectation counts under ExpectationCounts and its gate
// verdicts under GateVerdicts.
type Runner interface {
	Run(tb testing.TB, s Scenario) map[string][]string
}

// LocalRunner runs scenarios on the local engine: payload sources and sinks
// are memory assets, source tables Delta-like tables with a Change Data
// Feed (delta-cdf from version 0).
type LocalRunner struct{}

// Run starts the pipeline, processes each arrival, and reads every table.
func (LocalRunner) Run(tb testing.TB, s Scenario) map[string][]string {
	tb.Helper()
	var opts []Option
	if len(s.Tables) > 0 {
		doc := etl.DocumentOf(s.Pipeline)
		prof := string(memoryProfile(doc, s.Pipeline.ID(), filepath.Join(tb.TempDir(), "checkpoints")))
		for _, asset := range slices.Sorted(maps.Keys(s.Tables)) {
			from := fmt.Sprintf("  %s: {plugin: memory}\n", asset)
			if !strings.Contains(prof, from) {
				tb.Fatalf("testkit: scenario %s: table %s is not an asset of the pipeline", s.Name, asset)
			}
			to := fmt.Sprintf("  %s: {plugin: delta-cdf, table: %s, starting_version: 0}\n", asset, asset)
			if st := s.Tables[asset]; st.Static && st.Quarantine != "" {
				to = fmt.Sprintf("  %s: {plugin: delta, table: %s, quarantine: %s}\n  %s: {plugin: memory}\n", asset, asset, st.Quarantine, st.Quarantine)
			} else if st.Static {
				to = fmt.Sprintf("  %s: {plugin: delta, table: %s}\n", asset, asset)
			}
			prof = strings.Replace(prof, from, to, 1)
		}
		opts = append(opts, ProfileYAML(prof))
	}
	rt := Start(tb, s.Pipeline, opts...)
	for asset, st := range s.Tables {
		if err := rt.DeltaTable(asset).SetKeys(st.Keys...); err != nil {
			tb.Fatalf("testkit: scenario %s: table %s: %v", s.Name, asset, err)
		}
	}
	for i, a := range s.Arrivals {
		for _, c := range a.Changes {
			if _, ok := s.Tables[c.Asset]; !ok {
				tb.Fatalf("testkit: scenario %s: a change to %s, which is not one of its Tables", s.Name, c.Asset)
			}
			rt.applyChange(c)
		}
		for _, asset := range slices.Sorted(maps.Keys(a.Payloads)) {
			for _, p := range a.Payloads[asset] {
				rt.AddRawPayloads(asset, []byte(p))
			}
		}
		if a.WantFailure == "" {
			rt.ProcessAllAvailable()
			continue
		}
		if err := rt.TryProcessAllAvailable(); err == nil || !strings.Contains(err.Error(), a.WantFailure) {
			tb.Fatalf("testkit: scenario %s: the run after arrival %d = %v; want a failure with %q", s.Name, i+1, err, a.WantFailure)
		}
	}
	out := map[string][]string{}
	for name := range rt.env.Tables {
		out[name] = rt.TableJSON(name)
	}
	var tally ExpectationTally
	var gates GateTally
	for _, p := range rt.Progress {
		for _, e := range p.Expectations {
			tally.Add(p.Query, e.Name, e.Action, e.Passed, e.Failed)
		}
		for _, g := range p.Gates {
			gates.Add(p.Query, g.Name, p.BatchID, g.Value, g.Breached)
		}
	}
	out[ExpectationCounts] = tally.Rows()
	out[GateVerdicts] = gates.Rows()
	return out
}

// applyChange commits c to its Delta-like table.
func (rt *Runtime) applyChange(c TableChange) {
	rt.tb.Helper()
	raws := make([]json.RawMessage, len(c.Rows))
	for i, r := range c.Rows {
		raws[i] = json.RawMessage(r)
	}
	t := rt.DeltaTable(c.Asset)
	var err error
	switch c.Op {
	case OpInsert:
		_, err = t.Insert(raws...)
	case OpUpdate:
		_, err = t.Update(raws...)
	case OpDelete:
		_, err = t.Delete(raws...)
	default:
		err = fmt.Errorf("unknown operation %q", c.Op)
	}
	if err != nil {
		rt.tb.Fatalf("testkit: %s %s: %v", c.Op, c.Asset, err)
	}
}

// RunScenario runs s with r (LocalRunner when nil) and checks every sink
// listed in s.Want.
func RunScenario(tb testing.TB, s Scenario, r Runner) {
	tb.Helper()
	if r == nil {
		r = LocalRunner{}
	}
	got := r.Run(tb, s)
	for _, sink := range slices.Sorted(maps.Keys(s.Want)) {
		rows, ok := got[sink]
		if !ok {
			tb.Errorf("scenario %s: the runner returned no table %s (have %v)", s.Name, sink, slices.Sorted(maps.Keys(got)))
			continue
		}
		RowsEqual(tb, DropColumns(tb, rows, s.Ignore[sink]), s.Want[sink])
	}
}

// DropColumns returns rows (JSON objects) without the top-level members
// named in cols, the other members as they are, in their order.
func DropColumns(tb testing.TB, rows []string, cols []string) []string {
	tb.Helper()
	if len(cols) == 0 {
		return rows
	}
	drop := map[string]bool{}
	for _, c := range cols {
		drop[c] = true
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		p, err := dropMembers(r, drop)
		if err != nil {
			tb.Fatalf("testkit: row %s: %v", r, err)
		}
		out[i] = p
	}
	return out
}

func dropMembers(row string, drop map[string]bool) (string, error) {
	dec := json.NewDecoder(strings.NewReader(row))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", fmt.Errorf("not a JSON object")
	}
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return "", err
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return "", err
		}
		name, _ := tok.(string)
		if drop[name] {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		k, _ := json.Marshal(name)
		b.Write(k)
		b.WriteByte(':')
		b.Write(raw)
	}
	b.WriteByte('}')
	return b.String(), nil
}

// TableJSON returns the rows of a memory table in canonical JSON.
func (rt *Runtime) TableJSON(name string) []string {
	rt.tb.Helper()
	t, ok := rt.env.Tables[name]
	if !ok {
		rt.tb.Fatalf("testkit: %s is not a memory sink of the pipeline", name)
	}
	s, rows := t.Rows()
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = string(localengine.EncodeRow(s, r))
	}
	return out
}
