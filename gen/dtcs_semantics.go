package gen

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// planNodes lists the nodes of a logical plan upstream first (inputs before
// the operators that read them), each once.
func planNodes(root *ir.Node) []*ir.Node {
	var out []*ir.Node
	seen := map[*ir.Node]bool{}
	var walk func(n *ir.Node)
	walk = func(n *ir.Node) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		for _, in := range n.Inputs {
			walk(in)
		}
		out = append(out, n)
	}
	walk(root)
	return out
}

// semanticsOf reads the event-time semantics of a plan: filters,
// watermarks, windows, grouping, aggregates, joins, deduplication and
// repartitions.
func semanticsOf(root *ir.Node) DTCSSemantics {
	s := DTCSSemantics{Filters: []string{}, Watermarks: []DTCSWatermark{}, Windows: []DTCSWindow{},
		GroupBy: []string{}, Aggregates: []DTCSAggregate{}, Joins: []DTCSJoin{}, Deduplication: []DTCSDedup{}}
	for _, n := range planNodes(root) {
		semanticsNode(&s, n)
	}
	return s
}

// semanticsNode adds one operator to s.
func semanticsNode(s *DTCSSemantics, n *ir.Node) {
	switch n.Op {
	case ir.OpFilter:
		s.Filters = append(s.Filters, ExprText(n.Predicate))
	case ir.OpWatermark:
		s.Watermarks = append(s.Watermarks, DTCSWatermark{Column: n.Column, Delay: string(n.Delay)})
	case ir.OpAggregate:
		s.Stateful = true
		for _, g := range n.GroupBy {
			s.GroupBy = append(s.GroupBy, ExprText(g))
		}
		if n.Window != nil {
			s.Windows = append(s.Windows, windowOf(*n.Window))
		}
		for _, a := range n.Aggs {
			s.Aggregates = append(s.Aggregates, aggregateOf(a))
		}
	case ir.OpJoin:
		if n.Join != nil {
			s.Joins = append(s.Joins, joinOf(*n.Join))
			s.Stateful = s.Stateful || !n.Join.Static
		}
	case ir.OpRepartition:
		s.Repartitions = append(s.Repartitions, DTCSRepartition{Partitions: n.Partitions, Keys: append([]string{}, n.Keys...)})
	case ir.OpDropDuplicates, ir.OpDropDuplicatesWithinWM:
		s.Stateful = true
		s.Deduplication = append(s.Deduplication, DTCSDedup{Keys: append([]string{}, n.Keys...),
			WithinWatermark: n.Op == ir.OpDropDuplicatesWithinWM})
	}
}

// RepartitionText describes a repartition node for people, e.g.
// "repartition 4 by customer_id" or "repartition 2 round-robin".
func RepartitionText(n *ir.Node) string {
	if len(n.Keys) == 0 {
		return fmt.Sprintf("repartition %d round-robin", n.Partitions)
	}
	return fmt.Sprintf("repartition %d by %s", n.Partitions, strings.Join(n.Keys, ", "))
}

func windowOf(w ir.Window) DTCSWindow {
	return DTCSWindow{Kind: string(w.Kind), TimeColumn: w.TimeColumn, Duration: string(w.Duration),
		Slide: string(w.Slide), Gap: string(w.Gap)}
}

func aggregateOf(a ir.NamedExpr) DTCSAggregate {
	out := DTCSAggregate{Name: a.Name, Expression: ExprText(a.Expr), Arguments: []string{}}
	if a.Expr != nil {
		out.Function = a.Expr.Name
		out.Distinct = a.Expr.Distinct
		for _, arg := range a.Expr.Args {
			out.Arguments = append(out.Arguments, ExprText(arg))
		}
	}
	return out
}

func joinOf(j ir.Join) DTCSJoin {
	out := DTCSJoin{Type: string(j.Type), LeftKeys: append([]string{}, j.LeftKeys...),
		RightKeys: append([]string{}, j.RightKeys...), StaticRight: j.Static}
	if tr := j.TimeRange; tr != nil {
		out.TimeRange = &DTCSTimeRange{LeftTime: tr.LeftTime, RightTime: tr.RightTime,
			Lower: string(tr.Lower), Upper: string(tr.Upper)}
	}
	return out
}

// ExprText renders an IR expression as readable Spark-SQL-like text, e.g.
// status = 'paid' or sum(order_total). It is documentation, not code.
func ExprText(e *ir.Expr) string {
	if e == nil {
		return ""
	}
	switch e.Kind {
	case ir.ExprColumn:
		return e.Name
	case ir.ExprLiteral:
		return literalText(e)
	case ir.ExprCast:
		return "cast(" + argText(e.Args, 0) + " as " + strings.ToLower(typeText(e.Type)) + ")"
	case ir.ExprCase:
		return caseText(e.Args)
	case ir.ExprAgg:
		return aggText(e)
	}
	return callText(e)
}

func callText(e *ir.Expr) string {
	switch {
	case infixCall(e):
		return operand(e.Args[0]) + " " + e.Name + " " + operand(e.Args[1])
	case e.Func() == ir.FuncNot && len(e.Args) == 1:
		return "not " + operand(e.Args[0])
	}
	return e.Name + "(" + argsText(e.Args) + ")"
}

// infixCall reports whether a call is rendered infix: an operator of ir's
// table, by its IR name, with two arguments.
func infixCall(e *ir.Expr) bool {
	info, _ := e.Func().Info()
	return info.Infix != "" && len(e.Args) == 2
}

// operand parenthesises a nested infix call.
func operand(e *ir.Expr) string {
	if e != nil && e.Kind == ir.ExprCall && infixCall(e) {
		return "(" + ExprText(e) + ")"
	}
	return ExprText(e)
}

func aggText(e *ir.Expr) string {
	if len(e.Args) == 0 {
		return e.Name + "(*)"
	}
	if e.Distinct {
		return e.Name + "(distinct " + argsText(e.Args) + ")"
	}
	return e.Name + "(" + argsText(e.Args) + ")"
}

func caseText(args []*ir.Expr) string {
	var b strings.Builder
	b.WriteString("case")
	i := 0
	for ; i+1 < len(args); i += 2 {
		b.WriteString(" when " + ExprText(args[i]) + " then " + ExprText(args[i+1]))
	}
	if i < len(args) {
		b.WriteString(" else " + ExprText(args[i]))
	}
	return b.String() + " end"
}

func literalText(e *ir.Expr) string {
	if e.Type == nil {
		return e.Value
	}
	switch e.Type.Kind {
	case contracts.KindString, contracts.KindTimestamp, contracts.KindDate:
		return "'" + strings.ReplaceAll(e.Value, "'", "''") + "'"
	}
	return e.Value
}

func typeText(t *contracts.Type) string {
	if t == nil {
		return "?"
	}
	return SparkType(*t)
}

func argText(args []*ir.Expr, i int) string {
	if i < len(args) {
		return ExprText(args[i])
	}
	return "?"
}

func argsText(args []*ir.Expr) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = ExprText(a)
	}
	return strings.Join(parts, ", ")
}
