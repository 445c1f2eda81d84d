package pyspark

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// stepView is one step: a Python function from its input DataFrames to its
// output, and, when the step has a stateful operator, a second function
// returning the rows that reach it (for late outputs).
type stepView struct {
	ID, Transformation, Params string // plain text for the docstrings
	Fn                         string
	Args                       []string // Python parameter names, in binding order
	Lines                      []string // body statements
	LateFn                     string   // "" when the step has no stateful operator
	LateLines                  []string
	late                       *ir.Node          // the first stateful operator
	plan                       *planner.StepPlan // set with late
	inputs                     []ir.Binding
}

// emitter writes the statements of one function.
type emitter struct {
	sp     *planner.StepPlan // the step's plan: inferred schemas, event-time columns
	lines  []string
	params map[string]string // transformation input → Python parameter
	owned  map[string]bool   // variables this function assigned
	n      int
}

func (g *gen) step(sp *planner.StepPlan) (*stepView, error) {
	st := sp.Step
	if st.Plan == nil {
		return nil, fmt.Errorf("step %s has no plan", st.ID)
	}
	sv := &stepView{ID: st.ID, Transformation: st.Transformation, Fn: "step_" + g.ids.claim(st.ID, "step_%s", "step_%s_late_input"),
		inputs: st.Inputs}
	args := newIdents() // the function's parameters: one scope
	params := map[string]string{}
	for _, b := range st.Inputs {
		name := args.claim(b.Input)
		params[b.Input] = name
		sv.Args = append(sv.Args, name)
	}
	var ps []string
	for _, p := range st.Params {
		ps = append(ps, p.Name+"="+p.Value)
	}
	sv.Params = strings.Join(ps, ", ")
	e := &emitter{sp: sp, params: params}
	v := e.node(g, st.Plan)
	sv.Lines = append(e.lines, "return "+v)
	if n := sp.Stateful; n != nil && len(n.Inputs) > 0 {
		sv.plan, sv.late, sv.LateFn = sp, n, sv.Fn+"_late_input"
		le := &emitter{sp: sp, params: params}
		lv := le.node(g, n.Inputs[0])
		sv.LateLines = append(le.lines, "return "+lv)
	}
	return sv, nil
}

// node emits the statements computing n and returns the variable holding it.
func (e *emitter) node(g *gen, n *ir.Node) string {
	if n.Op == ir.OpInput {
		if p, ok := e.params[n.Input]; ok {
			return p
		}
		return "None" // an input the step does not bind: the planner reports it (ETL-D262)
	}
	ins := make([]string, len(n.Inputs))
	for i, in := range n.Inputs {
		ins[i] = e.node(g, in)
	}
	src := "None"
	if len(ins) > 0 {
		src = ins[0]
	}
	v := src
	if len(ins) != 1 || !e.owned[src] { // a linear chain reuses its variable
		e.n++
		v = "df"
		if e.n > 1 {
			v = fmt.Sprintf("df%d", e.n)
		}
	}
	if e.owned == nil {
		e.owned = map[string]bool{}
	}
	e.owned[v] = true
	for _, l := range g.op(e.sp, n, src, ins) {
		if strings.HasPrefix(l, "\x00") { // continues the previous statement's result
			l = src + l[1:]
		}
		e.lines = append(e.lines, v+" = "+l)
		src = v
	}
	return v
}

// plainName is a simple identifier: a column the DataFrame API takes
// unquoted, and a JSONPath member without quoting ($.name).
var plainName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// colArg is a column name as the DataFrame API's string arguments expect
// it: plain when it is a simple identifier, backticked otherwise.
func colArg(name string) string {
	if plainName.MatchString(name) {
		return PyString(name)
	}
	return PyString(SQLIdent(name))
}

// op renders one operator as one or more expressions over src: each is a
// statement's right-hand side; one starting with \x00 reads the previous
// statement's result.
func (g *gen) op(sp *planner.StepPlan, n *ir.Node, src string, ins []string) []string {
	switch n.Op {
	case ir.OpFilter:
		return []string{fmt.Sprintf("%s.filter(%s)", src, PyString(SQLExpr(n.Predicate)))}
	case ir.OpSelect:
		return []string{fmt.Sprintf("%s.selectExpr(%s)%s", src, strings.Join(namedExprs(n.Columns), ", "), windowTimeMetadata(sp, n))}
	case ir.OpWithColumn:
		var parts []string
		for _, c := range n.Columns {
			parts = append(parts, fmt.Sprintf("%s: F.expr(%s)", PyString(c.Name), PyString(SQLExpr(c.Expr))))
		}
		return []string{fmt.Sprintf("%s.withColumns({%s})%s", src, strings.Join(parts, ", "), windowTimeMetadata(sp, n))}
	case ir.OpWatermark:
		return []string{fmt.Sprintf("%s.withWatermark(%s, %s)", src, colArg(n.Column), PyString(Interval(n.Delay)))}
	case ir.OpAggregate:
		return g.aggregate(n, src)
	case ir.OpDropDuplicates:
		return []string{fmt.Sprintf("%s.dropDuplicates([%s])", src, strings.Join(pyList(n.Keys), ", "))}
	case ir.OpDropDuplicatesWithinWM:
		return []string{fmt.Sprintf("%s.dropDuplicatesWithinWatermark([%s])", src, strings.Join(pyList(n.Keys), ", "))}
	case ir.OpJoin:
		return []string{join(n, ins)}
	case ir.OpUnion:
		out := src
		for _, in := range ins[1:] {
			out = fmt.Sprintf("%s.unionByName(%s)", out, in)
		}
		return []string{out}
	case ir.OpSort:
		return []string{fmt.Sprintf("%s.orderBy(%s)", src, strings.Join(exprCols(n.Columns), ", "))}
	case ir.OpLimit:
		return []string{fmt.Sprintf("%s.limit(%d)", src, n.Limit)}
	case ir.OpRepartition:
		return []string{repartition(n, src)}
	case ir.OpIntoOutput:
		c := sp.Output(n)
		if c == nil {
			return []string{src}
		}
		return []string{fmt.Sprintf("%s.selectExpr(%s)", src, strings.Join(pyList(conformFrom(c, inputTypes(sp, n))), ", "))}
	}
	return []string{src}
}

// repartition renders src.repartition(n, F.col(key), ...): each key a
// column name as F.col parses it (colArg: backticked unless a plain
// identifier, so a dot or a backtick in a name is no path); round-robin
// without keys.
func repartition(n *ir.Node, src string) string {
	args := []string{strconv.Itoa(n.Partitions)}
	for _, k := range n.Keys {
		args = append(args, "F.col("+colArg(k)+")")
	}
	return fmt.Sprintf("%s.repartition(%s)", src, strings.Join(args, ", "))
}

func namedExprs(cols []ir.NamedExpr) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = PyString(SQLExpr(c.Expr) + " AS " + SQLIdent(c.Name))
	}
	return out
}

func exprCols(cols []ir.NamedExpr) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = "F.expr(" + PyString(SQLExpr(c.Expr)) + ")"
	}
	return out
}

// aggregate renders groupBy(keys, window).agg(...) and the select that
// flattens the window struct into window_start / window_end.
func (g *gen) aggregate(n *ir.Node, src string) []string {
	var keys, flat []string
	for i, k := range n.GroupBy {
		name := fmt.Sprintf("_key%d", i)
		if k.Kind == ir.ExprColumn {
			name = k.Name
		}
		keys = append(keys, fmt.Sprintf("F.expr(%s).alias(%s)", PyString(SQLExpr(k)), PyString(name)))
		flat = append(flat, PyString(SQLIdent(name)))
	}
	if w := n.Window; w != nil {
		t := "F.expr(" + PyString(SQLIdent(w.TimeColumn)) + ")"
		switch w.Kind {
		case ir.Session:
			keys = append(keys, fmt.Sprintf("F.session_window(%s, %s).alias(\"window\")", t, PyString(Interval(w.Gap))))
		case ir.Sliding:
			keys = append(keys, fmt.Sprintf("F.window(%s, %s, %s).alias(\"window\")", t, PyString(Interval(w.Duration)), PyString(Interval(w.Slide))))
		default:
			keys = append(keys, fmt.Sprintf("F.window(%s, %s).alias(\"window\")", t, PyString(Interval(w.Duration))))
		}
		flat = append(flat, PyString("`window`.`start` AS `window_start`"), PyString("`window`.`end` AS `window_end`"))
	}
	var aggs []string
	for _, a := range n.Aggs {
		aggs = append(aggs, fmt.Sprintf("F.expr(%s).alias(%s)", PyString(SQLExpr(a.Expr)), PyString(a.Name)))
		flat = append(flat, PyString(SQLIdent(a.Name)))
	}
	return []string{
		fmt.Sprintf("%s.groupBy(%s).agg(%s)", src, strings.Join(keys, ", "), strings.Join(aggs, ", ")),
		"\x00.selectExpr(" + strings.Join(flat, ", ") + ")",
	}
}

// joinTypes maps IR join types to the DataFrame API's how.
var joinTypes = map[ir.JoinType]string{
	ir.JoinInner: "inner", ir.JoinLeft: "left_outer", ir.JoinRight: "right_outer", ir.JoinFull: "full_outer",
	ir.JoinSemi: "left_semi", ir.JoinAnti: "left_anti",
}

// join renders left.alias("l").join(right.alias("r"), condition, how):
// equal keys and, for a stream-stream join, the event-time range.
func join(n *ir.Node, ins []string) string {
	if n.Join == nil || len(ins) < 2 {
		return ins[0]
	}
	j := n.Join
	how := joinTypes[j.Type]
	if how == "" {
		how = "inner"
	}
	if j.TimeRange == nil && slices.Equal(j.LeftKeys, j.RightKeys) && len(j.LeftKeys) > 0 {
		// keys of the same names: join on the names, one column per key
		return fmt.Sprintf("%s.join(%s, [%s], %s)", ins[0], ins[1], strings.Join(pyList(j.LeftKeys), ", "), PyString(how))
	}
	var conds []string
	for i := range j.LeftKeys {
		if i < len(j.RightKeys) {
			conds = append(conds, fmt.Sprintf("l.%s = r.%s", SQLIdent(j.LeftKeys[i]), SQLIdent(j.RightKeys[i])))
		}
	}
	if tr := j.TimeRange; tr != nil {
		lt := "l." + SQLIdent(tr.LeftTime)
		conds = append(conds, fmt.Sprintf("r.%s BETWEEN %s + INTERVAL %s AND %s + INTERVAL %s",
			SQLIdent(tr.RightTime), lt, intervalLit(tr.Lower), lt, intervalLit(tr.Upper)))
	}
	out := fmt.Sprintf("%s.alias(\"l\").join(%s.alias(\"r\"), F.expr(%s), %s)", ins[0], ins[1],
		PyString(strings.Join(conds, " AND ")), PyString(how))
	if how == "full_outer" {
		return out + fullOuterSelect(j, ins[0], ins[1])
	}
	// keys of the same name appear once in the output (the DSL's rule): drop
	// the copy of the side that may be NULL
	side := map[string]string{"inner": "r", "left_outer": "r", "right_outer": "l"}[how]
	for i, k := range j.LeftKeys {
		if side != "" && i < len(j.RightKeys) && j.RightKeys[i] == k {
			out += fmt.Sprintf(".drop(F.col(%s))", PyString(side+"."+SQLIdent(k)))
		}
	}
	return out
}

// fullOuterSelect renders the projection of a full outer join with an
// explicit condition onto the inferred schema (framework/infer, and the local
// engine's output): the left columns in order, each key of the same name on
// both sides merged as coalesce(l.k, r.k) in the left key's place, then the
// right columns without those keys. Either side may be NULL, so neither copy
// can be dropped. The column lists are read from the inputs at run time; with
// no key of the same name, the join's output is already that schema.
func fullOuterSelect(j *ir.Join, left, right string) string {
	var merged []string
	for i, k := range j.LeftKeys {
		if i < len(j.RightKeys) && j.RightKeys[i] == k {
			merged = append(merged, k)
		}
	}
	if len(merged) == 0 {
		return ""
	}
	const quoted = "\"`\" + c.replace(\"`\", \"``\") + \"`\""
	var b strings.Builder
	b.WriteString(".select(*[")
	for _, k := range merged {
		fmt.Fprintf(&b, "F.coalesce(F.col(%s), F.col(%s)).alias(%s) if c == %s else ",
			PyString("l."+SQLIdent(k)), PyString("r."+SQLIdent(k)), PyString(k), PyString(k))
	}
	fmt.Fprintf(&b, "F.col(\"l.\" + %s) for c in %s.columns], *[F.col(\"r.\" + %s) for c in %s.columns if c not in (%s,)])",
		quoted, left, quoted, right, strings.Join(pyList(merged), ", "))
	return b.String()
}

// intervalLit renders a duration as a SQL interval literal body, e.g.
// '-10' MINUTE → written as '-10 minutes'.
func intervalLit(d ir.Duration) string { return SQLString(Interval(d)) }
