package run

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/localengine"
)

// GateVerdict is one quality gate's verdict over one micro-batch, as either
// engine reports it: the value of its metric and whether it breached.
type GateVerdict struct {
	Name      string  `json:"name"`
	Condition string  `json:"condition"`
	Action    string  `json:"action"`
	Value     float64 `json:"value"`
	Breached  bool    `json:"breached"`
	// Windows, WindowsBreached and BreachedWindows are a per-window gate's:
	// the windows measured, those breached and the starts of the first
	// breached ones (localengine.GateResult); Value is then the worst window's.
	Windows         int      `json:"windows,omitempty"`
	WindowsBreached int      `json:"windowsBreached,omitempty"`
	BreachedWindows []string `json:"breachedWindows,omitempty"`
	// Quarantined counts the rows a breached quarantine gate wrote to its
	// output instead of the load.
	Quarantined int `json:"quarantined,omitempty"`
}

// Verdict is the verdict in one word: ok, warn (breached, action warn),
// FAIL (breached, action fail) or quarantined (breached, action
// quarantine).
func (g GateVerdict) Verdict() string {
	switch {
	case !g.Breached:
		return "ok"
	case g.Action == ir.GateFail:
		return "FAIL"
	case g.Action == ir.GateQuarantine:
		return "quarantined"
	}
	return "warn"
}

// Text is the verdict as a batch line shows it: gate:NAME=VALUE(VERDICT),
// and for a per-window gate gate:NAME=VALUE(VERDICT,BREACHED/WINDOWS windows)
// with VALUE the worst window's.
func (g GateVerdict) Text() string {
	if g.Windows > 0 {
		return fmt.Sprintf("gate:%s=%s(%s,%d/%d windows)", g.Name, ir.FormatThreshold(g.Value), g.Verdict(), g.WindowsBreached, g.Windows)
	}
	return fmt.Sprintf("gate:%s=%s(%s)", g.Name, ir.FormatThreshold(g.Value), g.Verdict())
}

// GateReport counts one gate's verdicts in one query over a run.
type GateReport struct {
	Name      string `json:"name"`
	Condition string `json:"condition"`
	Action    string `json:"action"`
	// Evaluated counts the batches that measured the gate, Breached those
	// over the threshold (with action fail: at most one, the last).
	Evaluated int `json:"evaluated"`
	Breached  int `json:"breached"`
	// LastValue is the value of the last batch measured.
	LastValue float64 `json:"lastValue"`
	// Quarantined counts the rows a quarantine gate wrote to its output
	// over the run.
	Quarantined int `json:"quarantined,omitempty"`
}

// FailureQualityGate is the failure class of a batch failed by a quality
// gate with action fail, on both engines; QualityGateRetry its guidance
// (the Spark runtime's FAILURES say the same).
const (
	FailureQualityGate = "quality-gate"
	QualityGateRetry   = "fix the data upstream or loosen the gate, then rerun: the batch did not commit and the checkpoint re-runs it"
)

// gateWarnings are the warnings of a batch's breached gates with action
// warn or quarantine.
func gateWarnings(b *Batch) {
	for _, g := range b.Gates {
		if g.Breached && g.Action != ir.GateFail {
			action := "action warn: the batch commits"
			if g.Action == ir.GateQuarantine {
				action = fmt.Sprintf("action quarantine: %s to the gate's output instead of the load; the batch commits", diag.Count(g.Quarantined, "row", "rows"))
			}
			b.Warnings = append(b.Warnings, Notice{Kind: "warning", Code: localengine.CodeGateFailed,
				Text: fmt.Sprintf("query %s batch %d: quality gate %s breached: %s with value %s%s (%s)",
					b.Query, b.BatchID, g.Name, g.Condition, ir.FormatThreshold(g.Value),
					localengine.WindowsText(g.Windows, g.WindowsBreached, g.BreachedWindows), action)})
		}
	}
}

// addGates counts a batch's verdicts in its query's report.
func (q *QueryReport) addGates(gs []GateVerdict) {
	for _, g := range gs {
		i := 0
		for i < len(q.Gates) && q.Gates[i].Name != g.Name {
			i++
		}
		if i == len(q.Gates) {
			q.Gates = append(q.Gates, GateReport{Name: g.Name, Condition: g.Condition, Action: g.Action})
		}
		r := &q.Gates[i]
		r.Evaluated++
		if g.Breached {
			r.Breached++
		}
		r.LastValue = g.Value
		r.Quarantined += g.Quarantined
	}
}

// gateFailure is the failure of a run whose batch a gate failed: the
// message carries the marker, the code, the gate and its value.
func gateFailure(msg string) (*Failure, bool) {
	if !strings.Contains(msg, localengine.GateMarker) {
		return nil, false
	}
	return &Failure{Code: FailureQualityGate, Message: msg, Retry: QualityGateRetry}, true
}
