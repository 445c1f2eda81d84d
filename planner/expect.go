package planner

import (
	"slices"
	"strings"

	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
)

// Expectation is an expectation as planned: the declared expectation
// (package ir), what it demands in words, and the queries that evaluate it
// in every micro-batch: each query that reads the stream it is declared on
// (its rows pass the expectation on the way to the query's sink, in the
// same batch), a query's Late() branch and a hosted load aside (their rows
// are those of a query that counts). Both engines read the expectations of
// a query from Query.Expectations.
type Expectation struct {
	Name string `json:"name"`
	// On is the stream checked, e.g. {orders, valid} or {sessionize, out}.
	On     ir.Ref `json:"on"`
	Kind   string `json:"kind"`
	Action string `json:"action"`
	// Condition is what a row must meet, e.g. "ge(order_total, 0)" or
	// "unique(session_id) within a micro-batch".
	Condition string `json:"condition"`
	// Queries are the queries that evaluate the expectation, sorted.
	Queries []string `json:"queries"`
	// Output is, for action quarantine, the load of the stream's
	// Quarantined() rows; "" otherwise or when none loads them (ETL-D285).
	Output string `json:"output,omitempty"`
	// IR is the declared expectation.
	IR *ir.Expectation `json:"-"`
}

// ActionText is the action as the plan shows it: warn, drop, fail, or
// "quarantine to ASSET".
func (e Expectation) ActionText() string {
	if e.Output != "" {
		return e.Action + " to " + e.Output
	}
	return e.Action
}

// quarantineOutput is the load of the Quarantined() rows of e's stream
// when e quarantines, "" otherwise.
func quarantineOutput(pp *pipe, e *ir.Expectation) string {
	if e.Action != ir.ExpectQuarantine {
		return ""
	}
	for _, ld := range pp.p.Loads {
		if base, ok := ir.QuarantineStream(ld.From, pp.extracts[ld.From.Node] != nil); ok && base == e.On {
			return ld.Asset
		}
	}
	return ""
}

// expectationCondition is the condition of e in words: what a row must
// meet.
func expectationCondition(e *ir.Expectation) string {
	if e.Kind == ir.ExpectUnique {
		return "unique(" + argsString(columnExprs(e.Keys)) + ") within a micro-batch"
	}
	return conditionString(e.Predicate, false)
}

// conditionString renders e as SQL reads, operators between their
// arguments (in parentheses when nested): "order_id > 0 AND status = \"paid\"".
func conditionString(e *ir.Expr, nested bool) string {
	if e == nil || e.Kind != ir.ExprCall {
		return exprString(e)
	}
	info, _ := ir.Func(e.Name).Info()
	parts := make([]string, len(e.Args))
	for i, a := range e.Args {
		parts[i] = conditionString(a, true)
	}
	var s string
	switch {
	case info.Infix != "" && len(parts) >= 2:
		s = strings.Join(parts, " "+info.Infix+" ")
	case ir.Func(e.Name) == ir.FuncNot && len(parts) == 1:
		s = "NOT " + parts[0]
	default:
		return e.Name + "(" + strings.Join(parts, ", ") + ")"
	}
	if nested {
		return "(" + s + ")"
	}
	return s
}

func columnExprs(names []string) []*ir.Expr {
	out := make([]*ir.Expr, len(names))
	for i, n := range names {
		out[i] = &ir.Expr{Kind: ir.ExprColumn, Name: n}
	}
	return out
}

// expectationsOf plans the pipeline's expectations and gives each query
// those it evaluates, in declaration order.
func expectationsOf(pp *pipe, queries []Query) []Expectation {
	out := []Expectation{}
	for i := range pp.p.Expectations {
		e := &pp.p.Expectations[i]
		pe := Expectation{Name: e.Name, On: e.On, Kind: e.Kind, Action: e.Action, Condition: expectationCondition(e),
			Queries: []string{}, Output: quarantineOutput(pp, e), IR: e}
		for j := range queries {
			if q := &queries[j]; countsExpectation(pp, q, e.On) {
				pe.Queries = append(pe.Queries, q.Name)
				q.Expectations = append(q.Expectations, pe)
			}
		}
		slices.Sort(pe.Queries)
		out = append(out, pe)
	}
	return out
}

// countsExpectation reports whether query q evaluates (and counts) the
// expectations declared on stream r: it reads r, and is neither a hosted
// load, a Late() output nor a Quarantined() load (their rows are those of
// a query that counts, or are read again without counting).
func countsExpectation(pp *pipe, q *Query, r ir.Ref) bool {
	return q.Host == "" && q.Branch != ir.PortLate && q.Branch != ir.PortQuarantine && readsStream(pp, q, r)
}

// readsStream reports whether query q reads stream r: its load does, or
// one of the steps it runs binds r.
func readsStream(pp *pipe, q *Query, r ir.Ref) bool {
	if q.From == r {
		return true
	}
	for _, id := range q.Steps {
		if st := pp.steps[id]; st != nil && slices.ContainsFunc(st.Inputs, func(b ir.Binding) bool { return b.From == r }) {
			return true
		}
	}
	return false
}

// inferExpectations checks each expectation's expression (or keys) against
// the schema of the stream it is declared on: an extract's contract, a
// step's inferred output. A stream that is not one of the pipeline's is
// ruleExpectations' to report, a step whose schema is unknown inference's.
func inferExpectations(doc *ir.Document, in *inference) {
	for i := range doc.Pipelines {
		p := &doc.Pipelines[i]
		for j := range p.Expectations {
			e := &p.Expectations[j]
			known := e.Kind == ir.ExpectUnique || (e.Kind == ir.ExpectPredicate && e.Predicate != nil)
			if s, ok := streamSchema(doc, p, in, e.On); ok && known {
				in.diags = append(in.diags, infer.Expectation(e, s, p.ID+"/expectation:"+e.Name)...)
			}
		}
	}
}

// streamSchema is the schema of stream r of pipeline p: an extract's
// valid rows have its contract's, a step's output its inferred schema.
func streamSchema(doc *ir.Document, p *ir.Pipeline, in *inference, r ir.Ref) (infer.Schema, bool) {
	for i := range p.Extracts {
		if ex := &p.Extracts[i]; ex.Asset == r.Node && r.Port == ir.PortValid {
			for k := range doc.Contracts {
				if doc.Contracts[k].ID == ex.Contract {
					return infer.FromContract(&doc.Contracts[k], ex.Asset), true
				}
			}
			return infer.Schema{}, false
		}
	}
	for i := range p.Steps {
		if st := &p.Steps[i]; st.ID == r.Node && r.Port == ir.PortOut {
			inf, ok := in.steps[st]
			return inf.Schema, ok && len(inf.Schema.Columns) > 0
		}
	}
	return infer.Schema{}, false
}
