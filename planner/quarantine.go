package planner

import (
	"fmt"
	"slices"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// Codes of the quarantine of expectations (docs/diagnostics.md).
const (
	// CodeQuarantineRoute: an expectation with action quarantine on a
	// stream whose Quarantined() no load writes, a Quarantined() stream
	// of a stream without one, or a step that reads a Quarantined()
	// stream.
	CodeQuarantineRoute = "ETL-D285"
	// CodeQuarantineOutput: the output of a Quarantined() stream does not
	// append (output mode, write mode), or its contract lacks a reason
	// column (expectation, pipeline_id, observed_at) or has one of
	// another type.
	CodeQuarantineOutput = "ETL-D286"
	// CodeQuarantineClash: a stream whose rows an expectation quarantines
	// has a column named like a reason column (expectation, pipeline_id,
	// observed_at), which the reason would overwrite in the quarantined
	// row.
	CodeQuarantineClash = "ETL-D291"
)

// quarantineColumns are the reason columns of a quarantined row
// (ir.PortQuarantine) and their types, after the stream's columns.
var quarantineColumns = []struct {
	name string
	kind contracts.Kind
}{
	{ir.QuarantineExpectation, contracts.KindString},
	{ir.QuarantinePipeline, contracts.KindString},
	{ir.QuarantineObservedAt, contracts.KindTimestamp},
}

// quarantineFacts are the facts of a stream's quarantined rows: the
// stream's, with the reason columns.
func quarantineFacts(in *facts) *facts {
	f := in.clone()
	for _, c := range quarantineColumns {
		f.cols[c.name] = string(c.kind)
	}
	return f
}

// ruleQuarantine: the rows an expectation quarantines go somewhere: every
// stream with an expectation of action quarantine has its Quarantined()
// loaded, no step reads quarantined rows, and a Quarantined() load appends
// rows of a contract with the reason columns.
var ruleQuarantine = Rule{
	Name:    "expectation-quarantine",
	Summary: "quarantined rows of an expectation are loaded, appended, and carry the reason columns",
	Codes:   []string{CodeQuarantineRoute, CodeQuarantineOutput, CodeQuarantineClash},
	Check: func(c *Checker) {
		for _, pp := range c.pipes {
			checkQuarantineRoutes(c, pp)
			for _, q := range pp.queries {
				if q.branch == ir.PortQuarantine {
					checkQuarantineOutput(c, pp, q)
				}
			}
		}
	},
}

// checkQuarantineRoutes reports quarantined rows that go nowhere, that
// nothing quarantines, or that a step reads.
func checkQuarantineRoutes(c *Checker, pp *pipe) {
	loaded := map[ir.Ref]bool{}
	for i := range pp.p.Loads {
		ld := &pp.p.Loads[i]
		base, ok := ir.QuarantineStream(ld.From, pp.extracts[ld.From.Node] != nil)
		if !ok {
			continue
		}
		loaded[base] = true
		if !slices.ContainsFunc(pp.p.Expectations, func(e ir.Expectation) bool { return e.On == base && e.Action == ir.ExpectQuarantine }) {
			c.report(CodeQuarantineRoute, diag.Error, ld.Pos, pp.path("load:"+ld.Asset), "declare an expectation with action quarantine on the stream (ExpectOrQuarantine), or load another stream",
				fmt.Sprintf("load %s reads Quarantined() of %s.%s, which no expectation quarantines", ld.Asset, base.Node, base.Port))
		}
	}
	for i := range pp.p.Expectations {
		e := &pp.p.Expectations[i]
		if e.Action == ir.ExpectQuarantine && !loaded[e.On] {
			c.report(CodeQuarantineRoute, diag.Error, e.Pos, pp.path("expectation:"+e.Name), "load the stream's quarantined rows: etl.Load(p, asset, etl.Into[Q](s.Quarantined()))",
				fmt.Sprintf("expectation %s quarantines rows of %s.%s, but no load writes its Quarantined() rows", e.Name, e.On.Node, e.On.Port))
		}
	}
	for i := range pp.p.Steps {
		st := &pp.p.Steps[i]
		for _, b := range st.Inputs {
			if b.From.Port == ir.PortQuarantine {
				c.report(CodeQuarantineRoute, diag.Error, st.Pos, pp.path(st.ID, b.Input), "load quarantined rows into an output of their own; a step reads a stream's valid rows",
					fmt.Sprintf("step %s reads Quarantined() of %s", st.ID, b.From.Node))
			}
		}
	}
}

// checkQuarantineOutput reports a Quarantined() load that does not append
// or whose contract lacks a reason column, and a quarantined stream with a
// column of a reason column's name.
func checkQuarantineOutput(c *Checker, pp *pipe, q *query) {
	path := pp.path("load:" + q.load.Asset)
	for _, n := range q.ops {
		if !n.quarantine || len(n.kids) == 0 || n.kids[0].facts == nil {
			continue
		}
		for _, rc := range quarantineColumns {
			if _, clash := n.kids[0].facts.cols[rc.name]; clash {
				c.report(CodeQuarantineClash, diag.Error, q.load.Pos, path,
					fmt.Sprintf("rename the stream's column %s (a step's Select or the contract's json tag): a quarantined row carries the reason column %s after the stream's columns", rc.name, rc.name),
					fmt.Sprintf("the stream whose Quarantined() rows load %s writes has a column %s of its own, which the reason column %s would overwrite", q.load.Asset, rc.name, rc.name))
			}
		}
	}
	bad := func(hint, format string, args ...any) {
		c.report(CodeQuarantineOutput, diag.Error, q.load.Pos, path, hint, fmt.Sprintf(format, args...))
	}
	if q.sink != nil && q.sink.WriteMode.Name != "" && q.sink.WriteMode.Name != profile.WriteAppend {
		bad("bind "+q.load.Asset+" with write_mode: append: quarantined rows are kept, never merged",
			"quarantine output %s has write mode %s", q.load.Asset, q.sink.WriteMode.Name)
	}
	if q.mode != "" && q.mode != profile.OutputAppend {
		bad("quarantine rows of a stream that appends (an extract's valid rows, or a step in append mode)",
			"quarantine output %s is written in output mode %s", q.load.Asset, q.mode)
	}
	ct, ok := pp.ix.contracts[q.load.Contract]
	if !ok {
		return
	}
	for _, rc := range quarantineColumns {
		if f, has := ct.Field(rc.name); !has || f.Type.Kind != rc.kind {
			bad(fmt.Sprintf("add a %s field %s to the struct of %s", rc.kind, rc.name, ct.ID),
				"contract %s of quarantine output %s has no %s column %s", ct.ID, q.load.Asset, rc.kind, rc.name)
		}
	}
}
