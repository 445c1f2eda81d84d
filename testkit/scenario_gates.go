package testkit

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
)

// GateVerdicts is the pseudo-table a Runner returns, and a Scenario's Want
// may list, for the quality gate verdicts of the run: one row per query,
// gate and micro-batch, {"query":Q,"gate":G,"batch":N,"value":"V","breached":B},
// the value as ir.FormatThreshold writes it, sorted by query, gate and
// batch. A verdict of value 0 that did not breach is left out (an engine
// may report an idle or no-data batch or not). "#" is in no asset name, so
// the key never names a sink.
const GateVerdicts = "#gates"

// GateTally collects gate verdicts per query, gate and batch, as both
// engines report them in each micro-batch (localengine.Progress's, the PySpark
// program's batch lines).
type GateTally struct {
	rows []gateVerdict
}

type gateVerdict struct {
	Query    string `json:"query"`
	Gate     string `json:"gate"`
	Batch    int64  `json:"batch"`
	Value    string `json:"value"`
	Breached bool   `json:"breached"`
}

// Add records gate name's verdict in batch of query.
func (t *GateTally) Add(query, name string, batch int64, value float64, breached bool) {
	if value == 0 && !breached {
		return
	}
	t.rows = append(t.rows, gateVerdict{Query: query, Gate: name, Batch: batch, Value: ir.FormatThreshold(value), Breached: breached})
}

// Rows returns the verdicts as the rows of GateVerdicts.
func (t *GateTally) Rows() []string {
	rows := slices.Clone(t.rows)
	slices.SortFunc(rows, func(a, b gateVerdict) int {
		if n := strings.Compare(a.Query, b.Query); n != 0 {
			return n
		}
		if n := strings.Compare(a.Gate, b.Gate); n != 0 {
			return n
		}
		return int(a.Batch - b.Batch)
	})
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.json()
	}
	return out
}

// GateVerdictRow is a row of GateVerdicts, for a Scenario's Want.
func GateVerdictRow(query, name string, batch int64, value float64, breached bool) string {
	return gateVerdict{Query: query, Gate: name, Batch: batch, Value: ir.FormatThreshold(value), Breached: breached}.json()
}

func (v gateVerdict) json() string {
	b, _ := json.Marshal(v) // strings, integers and booleans: cannot fail
	return string(b)
}
