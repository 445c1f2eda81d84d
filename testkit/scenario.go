package testkit

import (
	"sort"
	"testing"

	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/testkit/engine"
)

// Scenario is one conformance case: a pipeline, the payloads that arrive
// (each Arrival is processed as one trigger, like an available-now run per
// arrival batch on Spark) and the rows every sink must hold afterwards, in
// canonical JSON (engine.EncodeRow: the sink contract's columns in order,
// decimals at their scale, timestamps RFC 3339 UTC). The same table runs on
// this engine (LocalRunner) and, through the generated PySpark program, on
// Spark (a runner in package pyspark): outputs must be identical.
type Scenario struct {
	Name     string
	Pipeline *etl.Pipeline
	Arrivals []Arrival
	// Want maps a sink asset to its expected rows; sinks not listed are
	// not checked.
	Want map[string][]string
}

// Arrival is what arrives before one trigger: raw payloads per source
// asset.
type Arrival struct {
	Payloads map[string][]string
}

// Runner executes a scenario and returns each sink's rows in canonical JSON.
type Runner interface {
	Run(tb testing.TB, s Scenario) map[string][]string
}

// LocalRunner runs scenarios on the local engine with memory assets.
type LocalRunner struct{}

// Run starts the pipeline, processes each arrival, and reads every table.
func (LocalRunner) Run(tb testing.TB, s Scenario) map[string][]string {
	tb.Helper()
	rt := Start(tb, s.Pipeline)
	for _, a := range s.Arrivals {
		for _, asset := range sortedAssetKeys(a.Payloads) {
			for _, p := range a.Payloads[asset] {
				rt.AddRawPayloads(asset, []byte(p))
			}
		}
		rt.ProcessAllAvailable()
	}
	out := map[string][]string{}
	for name := range rt.env.Tables {
		out[name] = rt.TableJSON(name)
	}
	return out
}

// RunScenario runs s with r (LocalRunner when nil) and checks every sink
// listed in s.Want.
func RunScenario(tb testing.TB, s Scenario, r Runner) {
	tb.Helper()
	if r == nil {
		r = LocalRunner{}
	}
	got := r.Run(tb, s)
	for _, sink := range sortedAssetKeys(s.Want) {
		RowsEqual(tb, got[sink], s.Want[sink])
	}
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
		out[i] = string(engine.EncodeRow(s, r))
	}
	return out
}

func sortedAssetKeys[V any](m map[string]V) []string {
	out := keys(m)
	sort.Strings(out)
	return out
}
