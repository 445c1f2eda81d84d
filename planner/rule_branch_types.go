package planner

import (
	"fmt"
	"slices"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// ruleBranchTypes: each branch goes where its type fits. Invalid() carries
// rejected payloads, so it may only be loaded into a sink whose contract has
// the rejected-event shape (raw_payload, reason_code); Late() exists
// only where a watermark downstream can make rows late, and is loaded into a
// late-event shape (the event as a struct and reason_code); Valid() and a step's
// output carry their own contract.
var ruleBranchTypes = Rule{
	Name:    "branch-types",
	Summary: "Invalid() goes to a rejected-event sink, Late() needs a downstream watermark and a late-event sink",
	Codes:   []string{CodeInvalidBranch, CodeLateWithoutWatermark, CodeLateBranchShape, CodeLossyRejection},
	Check: func(c *Checker) {
		for _, pp := range c.pipes {
			for i := range pp.p.Loads {
				checkLoadBranch(c, pp, &pp.p.Loads[i])
			}
			for i := range pp.p.Steps {
				st := &pp.p.Steps[i]
				for _, b := range st.Inputs {
					if b.From.Port == ir.PortInvalid || b.From.Port == ir.PortLate {
						checkLateSource(c, pp, b.From, st.Pos, pp.path(st.ID, b.Input))
					}
					checkBindingType(c, pp, st, b)
				}
			}
		}
	},
}

func checkLoadBranch(c *Checker, pp *pipe, ld *ir.Load) {
	path := pp.path("load:" + ld.Asset)
	ct, ok := c.ix.contracts[ld.Contract]
	switch ld.From.Port {
	case ir.PortInvalid:
		if ok && !rejectedShape(ct) {
			c.report(CodeInvalidBranch, diag.Error, ld.Pos, path, "load Invalid() into a sink typed like RejectedOrderEvent (raw_payload, reason_code)",
				fmt.Sprintf("Invalid() of %s is loaded into %s, whose contract %s is not a rejected-event shape", ld.From.Node, ld.Asset, ld.Contract))
		}
		if ex, isExtract := pp.extracts[ld.From.Node]; ok && isExtract && rejectedShape(ct) && !declares(ct, "raw_payload_base64") && readsBytes(c.env.Sources[ex.Asset]) {
			c.report(CodeLossyRejection, diag.Warning, ld.Pos, path, "add a field RawPayloadBase64 *string (json name raw_payload_base64) to the struct of "+ld.Contract+": it holds the payload's exact bytes in base64 when they are not UTF-8",
				fmt.Sprintf("contract %s of %s has no raw_payload_base64: a payload of %s that is not valid UTF-8 is stored in raw_payload with U+FFFD for its invalid bytes, and its exact bytes are lost", ld.Contract, ld.Asset, ex.Asset))
		}
		if ex, isExtract := pp.extracts[ld.From.Node]; ok && isExtract && declares(ct, "source_headers") && !readsHeaders(c.env.Sources[ex.Asset]) {
			c.report(CodeInvalidBranch, diag.Error, ld.Pos, path, "set include_headers: true on the kafka-json asset "+ex.Asset+", or remove source_headers from "+ld.Contract,
				fmt.Sprintf("contract %s of %s declares source_headers, but %s is not a Kafka source read with its headers (include_headers)", ld.Contract, ld.Asset, ex.Asset))
		}
	case ir.PortLate:
		checkLateSource(c, pp, ld.From, ld.Pos, path)
		if ok && !lateShape(ct) {
			c.report(CodeLateBranchShape, diag.Error, ld.Pos, path, "load Late() into a sink typed like LateOrderEvent (the event as a struct and reason_code)",
				fmt.Sprintf("Late() of %s is loaded into %s, whose contract %s is not a late-event shape", ld.From.Node, ld.Asset, ld.Contract))
		}
	default:
		want := streamContract(pp, ld.From)
		if ok && want != "" && want != ld.Contract {
			c.report(CodeInvalidBranch, diag.Error, ld.Pos, path, "load a stream into a sink of the same contract, or add a step that converts it",
				fmt.Sprintf("stream %s.%s has contract %s but is loaded into %s typed %s", ld.From.Node, ld.From.Port, want, ld.Asset, ld.Contract))
		}
	}
}

// checkLateSource reports a Late() branch that no watermark can feed, and a
// transformation reading Invalid() or Late() rows as if they were events.
func checkLateSource(c *Checker, pp *pipe, r ir.Ref, pos diag.Position, path string) {
	if r.Port != ir.PortLate {
		return
	}
	if !lateCapable(pp, r) {
		c.report(CodeLateWithoutWatermark, diag.Error, pos, path, "add WithWatermark and a stateful operator (window aggregation, dedup, join) downstream, or drop the Late() branch",
			fmt.Sprintf("Late() of %s: no watermark downstream can make its rows late", r.Node))
	}
}

func checkBindingType(c *Checker, pp *pipe, st *ir.Step, b ir.Binding) {
	t, ok := c.ix.transfs[st.Transformation]
	if !ok {
		return
	}
	for _, p := range t.Inputs {
		if p.Name != b.Input {
			continue
		}
		got := streamContract(pp, b.From)
		if b.From.Port == ir.PortInvalid || b.From.Port == ir.PortLate {
			got = "(" + b.From.Port + " rows)"
		}
		if got != "" && got != p.Contract {
			c.report(CodeInvalidBranch, diag.Error, st.Pos, pp.path(st.ID, b.Input), "bind the input to a stream of its contract, e.g. an extract's Valid() branch",
				fmt.Sprintf("input %s of step %s wants %s but is bound to %s.%s of %s", b.Input, st.ID, p.Contract, b.From.Node, b.From.Port, got))
		}
	}
}

// streamContract is the contract of a valid or out stream, "" when unknown.
func streamContract(pp *pipe, r ir.Ref) string {
	if ex, ok := pp.extracts[r.Node]; ok && r.Port == ir.PortValid {
		return ex.Contract
	}
	st, ok := pp.steps[r.Node]
	if !ok || r.Port != ir.PortOut {
		return ""
	}
	if t, ok := pp.ix.transfs[st.Transformation]; ok && len(t.Outputs) > 0 {
		return t.Outputs[0].Contract
	}
	return ""
}

// lateCapable reports whether rows of the ref can be late: a step whose plan
// has a watermark and a stateful operator, or an extract whose valid rows
// feed (through steps) such a step.
func lateCapable(pp *pipe, r ir.Ref) bool {
	if st, ok := pp.steps[r.Node]; ok {
		return planHasWatermarkedState(st.Plan)
	}
	seen := map[string]bool{}
	var down func(ref ir.Ref) bool
	down = func(ref ir.Ref) bool {
		steps, _ := pp.consumers(ref)
		for _, st := range steps {
			if seen[st.ID] {
				continue
			}
			seen[st.ID] = true
			if planHasWatermarkedState(st.Plan) || down(ir.Ref{Node: st.ID, Port: ir.PortOut}) {
				return true
			}
		}
		return false
	}
	return down(ir.Ref{Node: r.Node, Port: ir.PortValid})
}

func planHasWatermarkedState(n *ir.Node) bool {
	var wm, state bool
	walkPlan(n, func(x *ir.Node) {
		wm = wm || x.Op == ir.OpWatermark
		state = state || isStateful(x)
	})
	return wm && state
}

// rejectedShape: raw_payload and reason_code string columns (a reason,
// the observed time and the source position are recommended, not required).
// declares reports whether the contract has a field of that name.
func declares(c *contracts.Contract, name string) bool {
	return slices.ContainsFunc(c.Fields, func(f contracts.Field) bool { return f.Name == name })
}

// readsHeaders reports whether a source binding reads records with their
// headers (its plugin's HeadersOption set: kafka-json, include_headers:
// true); an unbound source is reported elsewhere and passes.
func readsHeaders(b *profile.AssetBinding) bool {
	if b == nil {
		return true
	}
	p := pluginOf(b)
	return p != nil && p.Source != nil && p.Source.HeadersOption != "" && b.Asset.Bool(p.Source.HeadersOption)
}

// readsBytes reports whether a source binding reads raw payloads
// (profile.RowsPayload: a file line, a Kafka value), which may not be
// UTF-8, rather than rows rendered as JSON; an unbound source passes.
func readsBytes(b *profile.AssetBinding) bool {
	if b == nil || b.Asset == nil || b.Asset.Plugin == nil || b.Asset.Plugin.Source == nil {
		return false
	}
	return b.Asset.Plugin.Source.Rows == profile.RowsPayload
}

func rejectedShape(c *contracts.Contract) bool {
	return hasField(c, "raw_payload", contracts.KindString) && hasField(c, "reason_code", contracts.KindString)
}

// lateShape: a reason_code string and the event as a struct (a
// watermark_at_arrival timestamp is recommended, not required).
func lateShape(c *contracts.Contract) bool {
	if !hasField(c, "reason_code", contracts.KindString) {
		return false
	}
	for _, f := range c.Fields {
		if f.Type.Kind == contracts.KindStruct {
			return true
		}
	}
	return false
}

func hasField(c *contracts.Contract, name string, kind contracts.Kind) bool {
	f, ok := c.Field(name)
	return ok && f.Type.Kind == kind
}
