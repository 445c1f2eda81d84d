package infer_test

import (
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

func typ(k contracts.Kind) contracts.Type { return contracts.Type{Kind: k} }
func dec(p, s int) contracts.Type {
	return contracts.Type{Kind: contracts.KindDecimal, Precision: p, Scale: s}
}

// orders is the input contract of the tests.
var orders = &contracts.Contract{ID: "order-event", Fields: []contracts.Field{
	{Name: "order_id", Type: typ(contracts.KindInt64), Required: true},
	{Name: "qty", Type: typ(contracts.KindInt32), Required: true},
	{Name: "customer_id", Type: typ(contracts.KindInt64), Required: true},
	{Name: "total", Type: dec(18, 2), Required: true},
	{Name: "price", Type: typ(contracts.KindFloat64), Required: true},
	{Name: "status", Type: typ(contracts.KindString), Required: true},
	{Name: "coupon", Type: typ(contracts.KindString)},
	{Name: "event_time", Type: typ(contracts.KindTimestamp), Required: true, EventTime: true},
}}

var customers = &contracts.Contract{ID: "customer", Fields: []contracts.Field{
	{Name: "customer_id", Type: typ(contracts.KindInt64), Required: true},
	{Name: "segment", Type: typ(contracts.KindString), Required: true},
}}

var inputs = map[string]*contracts.Contract{"orders": orders, "customers": customers}

func in(name string) *ir.Node { return &ir.Node{Op: ir.OpInput, Input: name} }
func col(n string) *ir.Expr   { return &ir.Expr{Kind: ir.ExprColumn, Name: n} }
func fn(name string, args ...*ir.Expr) *ir.Expr {
	return &ir.Expr{Kind: ir.ExprCall, Name: name, Args: args}
}
func agg(name string, args ...*ir.Expr) *ir.Expr {
	return &ir.Expr{Kind: ir.ExprAgg, Name: name, Args: args}
}
func lit(v string, t contracts.Type) *ir.Expr {
	return &ir.Expr{Kind: ir.ExprLiteral, Value: v, Type: &t}
}
func sel(name string, e *ir.Expr) ir.NamedExpr { return ir.NamedExpr{Name: name, Expr: e} }
func project(e *ir.Expr) *ir.Node {
	return &ir.Node{Op: ir.OpSelect, Inputs: []*ir.Node{in("orders")}, Columns: []ir.NamedExpr{sel("x", e)}}
}

func TestExpressionTypes(t *testing.T) {
	tests := []struct {
		name     string
		expr     *ir.Expr
		want     contracts.Type
		nullable bool
	}{
		{"int64 plus int64", fn("+", col("order_id"), col("customer_id")), typ(contracts.KindInt64), false},
		{"int32 plus int32", fn("+", col("qty"), col("qty")), typ(contracts.KindInt32), false},
		{"int division is double", fn("/", col("order_id"), col("customer_id")), typ(contracts.KindFloat64), false},
		{"decimal plus decimal", fn("+", col("total"), col("total")), dec(19, 2), false},
		{"decimal times decimal", fn("*", col("total"), col("total")), dec(37, 4), false},
		{"decimal divided", fn("/", col("total"), col("total")), dec(38, 20), false},
		{"decimal plus int", fn("+", col("total"), col("order_id")), dec(23, 2), false},
		{"float wins", fn("*", col("price"), col("qty")), typ(contracts.KindFloat64), false},
		{"comparison", fn("=", col("status"), lit("paid", typ(contracts.KindString))), typ(contracts.KindBool), false},
		{"comparison nullable", fn("=", col("coupon"), lit("x", typ(contracts.KindString))), typ(contracts.KindBool), true},
		{"isnull never null", fn("isnull", col("coupon")), typ(contracts.KindBool), false},
		{"coalesce non-null", fn("coalesce", col("coupon"), col("status")), typ(contracts.KindString), false},
		{"coalesce all nullable", fn("coalesce", col("coupon"), col("coupon")), typ(contracts.KindString), true},
		{"upper", fn("upper", col("coupon")), typ(contracts.KindString), true},
		{"length", fn("length", col("status")), typ(contracts.KindInt32), false},
		{"hour", fn("hour", col("event_time")), typ(contracts.KindInt32), false},
		{"to_date", fn("to_date", col("event_time")), typ(contracts.KindDate), false},
		{"date_trunc", fn("date_trunc", lit("hour", typ(contracts.KindString)), col("event_time")), typ(contracts.KindTimestamp), false},
		{"cast", &ir.Expr{Kind: ir.ExprCast, Type: &contracts.Type{Kind: contracts.KindString}, Args: []*ir.Expr{col("order_id")}}, typ(contracts.KindString), false},
		{"case without else is nullable", &ir.Expr{Kind: ir.ExprCase, Args: []*ir.Expr{fn("isnull", col("coupon")), col("status")}}, typ(contracts.KindString), true},
		{"case with else", &ir.Expr{Kind: ir.ExprCase, Args: []*ir.Expr{fn("isnull", col("coupon")), col("status"), col("status")}}, typ(contracts.KindString), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, diags := infer.Plan(project(tt.expr), inputs)
			if len(diags) > 0 {
				t.Fatalf("diagnostics: %v", diags)
			}
			c := s.Columns[0]
			if diff := cmp.Diff(tt.want, c.Type); diff != "" || c.Nullable != tt.nullable {
				t.Errorf("type (-want +got):\n%s nullable=%t want %t", diff, c.Nullable, tt.nullable)
			}
		})
	}
}

func TestAggregateTypes(t *testing.T) {
	n := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{in("orders")},
		GroupBy: []*ir.Expr{col("customer_id")},
		Window:  &ir.Window{Kind: ir.Tumbling, TimeColumn: "event_time", Duration: "1h0m0s"},
		Aggs: []ir.NamedExpr{
			sel("n", agg("count", col("coupon"))), sel("rows", agg("count")),
			sel("sum_total", agg("sum", col("total"))), sel("sum_qty", agg("sum", col("qty"))),
			sel("avg_total", agg("avg", col("total"))), sel("avg_qty", agg("avg", col("qty"))),
			sel("max_coupon", agg("max", col("coupon"))), sel("first_time", agg("first", col("event_time"))),
			sel("approx", agg("approx_count_distinct", col("status"))),
			sel("big", agg("sum", col("big"))),
			sel("last_status", agg("max_by", col("status"), col("event_time"))),
			sel("first_total", agg("min_by", col("total"), col("order_id"))),
		}}
	in2 := map[string]*contracts.Contract{"orders": {Fields: append(append([]contracts.Field(nil), orders.Fields...),
		contracts.Field{Name: "big", Type: dec(35, 4), Required: true})}}
	s, diags := infer.Plan(n, in2)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	type col struct {
		Name     string
		Type     string
		Nullable bool
	}
	var got []col
	for _, c := range s.Columns {
		ts := string(c.Type.Kind)
		if c.Type.Kind == contracts.KindDecimal {
			ts = dec2s(c.Type)
		}
		got = append(got, col{c.Name, ts, c.Nullable})
	}
	want := []col{
		{"customer_id", "int64", false}, {"window_start", "timestamp", false}, {"window_end", "timestamp", false},
		{"n", "int64", false}, {"rows", "int64", false}, {"sum_total", "decimal(28,2)", false},
		{"sum_qty", "int64", false}, {"avg_total", "decimal(22,6)", false}, {"avg_qty", "float64", false},
		{"max_coupon", "string", true}, {"first_time", "timestamp", false}, {"approx", "int64", false},
		{"big", "decimal(38,4)", false},
		{"last_status", "string", true}, {"first_total", "decimal(18,2)", true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("aggregate schema (-want +got):\n%s", diff)
	}
	lin := s.Lineage()
	if diff := cmp.Diff([]infer.Source{{Input: "orders", Column: "event_time"}}, lin["window_start"]); diff != "" {
		t.Errorf("window_start lineage (-want +got):\n%s", diff)
	}
	if len(lin["rows"]) != 0 {
		t.Errorf("count(*) lineage = %v, want none", lin["rows"])
	}
}

func dec2s(t contracts.Type) string {
	return "decimal(" + itoa(t.Precision) + "," + itoa(t.Scale) + ")"
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func TestJoinNullability(t *testing.T) {
	tests := []struct {
		how          ir.JoinType
		wantCols     []string
		segmentNull  bool
		statusNull   bool
		customerNull bool
	}{
		{ir.JoinInner, nil, false, false, false},
		{ir.JoinLeft, nil, true, false, false},
		{ir.JoinRight, nil, false, true, false},
		{ir.JoinFull, nil, true, true, false},
		{ir.JoinSemi, orderNames(), false, false, false},
		{ir.JoinAnti, orderNames(), false, false, false},
	}
	for _, tt := range tests {
		t.Run(string(tt.how), func(t *testing.T) {
			n := &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{in("orders"), in("customers")},
				Join: &ir.Join{Type: tt.how, LeftKeys: []string{"customer_id"}, RightKeys: []string{"customer_id"}}}
			s, diags := infer.Plan(n, inputs)
			if len(diags) > 0 {
				t.Fatalf("diagnostics: %v", diags)
			}
			if tt.wantCols != nil {
				if diff := cmp.Diff(tt.wantCols, s.Names()); diff != "" {
					t.Fatalf("columns (-want +got):\n%s", diff)
				}
				return
			}
			seg, _ := s.Column("segment")
			st, _ := s.Column("status")
			cu, _ := s.Column("customer_id")
			if seg.Nullable != tt.segmentNull || st.Nullable != tt.statusNull || cu.Nullable != tt.customerNull {
				t.Errorf("nullable segment=%t status=%t customer_id=%t", seg.Nullable, st.Nullable, cu.Nullable)
			}
			if len(s.Columns) != len(orders.Fields)+1 {
				t.Errorf("columns = %v, want the key once", s.Names())
			}
		})
	}
}

func orderNames() []string {
	var out []string
	for _, f := range orders.Fields {
		out = append(out, f.Name)
	}
	return out
}

func TestFilterIsNotNullNarrows(t *testing.T) {
	n := &ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{in("orders")},
		Predicate: fn("and", fn("isnotnull", col("coupon")), fn("=", col("status"), lit("paid", typ(contracts.KindString))))}
	s, diags := infer.Plan(n, inputs)
	c, _ := s.Column("coupon")
	if len(diags) > 0 || c.Nullable {
		t.Fatalf("coupon nullable=%t diags=%v, want non-null and no diagnostics", c.Nullable, diags)
	}
}

func TestPlanDiagnostics(t *testing.T) {
	pos := diag.Position{File: "t.go", Line: 7}
	tests := []struct {
		name string
		node *ir.Node
		want []string
	}{
		{"unknown column", &ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{in("orders")}, Predicate: fn("isnull", col("nope")), Pos: pos}, []string{ir.CodeUnknownColumn}},
		{"unknown input", &ir.Node{Op: ir.OpLimit, Inputs: []*ir.Node{in("payments")}}, []string{ir.CodeUnknownInput}},
		{"sum of string", &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{in("orders")}, Aggs: []ir.NamedExpr{sel("s", agg("sum", col("status")))}}, []string{ir.CodeTypeMismatch}},
		{"filter not bool", &ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{in("orders")}, Predicate: col("status")}, []string{ir.CodeTypeMismatch}},
		{"watermark on string", &ir.Node{Op: ir.OpWatermark, Inputs: []*ir.Node{in("orders")}, Column: "status"}, []string{ir.CodeTypeMismatch}},
		{"duplicate select", &ir.Node{Op: ir.OpSelect, Inputs: []*ir.Node{in("orders")}, Columns: []ir.NamedExpr{sel("a", col("status")), sel("a", col("status"))}}, []string{ir.CodeAmbiguousColumn}},
		{"union mismatch", &ir.Node{Op: ir.OpUnion, Inputs: []*ir.Node{in("orders"), in("customers")}}, []string{ir.CodeUnionMismatch}},
		{"join key types", &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{in("orders"), in("customers")},
			Join: &ir.Join{Type: ir.JoinInner, LeftKeys: []string{"status"}, RightKeys: []string{"customer_id"}}}, []string{ir.CodeTypeMismatch, ir.CodeAmbiguousColumn}},
		{"join duplicate non-key", &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{in("orders"), in("orders")},
			Join: &ir.Join{Type: ir.JoinInner, LeftKeys: []string{"order_id"}, RightKeys: []string{"order_id"}}}, repeat(ir.CodeAmbiguousColumn, len(orders.Fields)-1)},
		{"compare string with int", project(fn("<", col("status"), col("order_id"))), []string{ir.CodeTypeMismatch}},
		{"substring without position", project(fn("substring", col("status"))), []string{ir.CodeTypeMismatch}},
		{"max_by without ordering", &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{in("orders")},
			Aggs: []ir.NamedExpr{sel("m", agg("max_by", col("status")))}}, []string{ir.CodeTypeMismatch}},
		{"min_by ordered by an array", &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{in("orders")},
			Aggs: []ir.NamedExpr{sel("m", agg("min_by", col("status"), lit("", contracts.Type{Kind: contracts.KindArray})))}}, []string{ir.CodeTypeMismatch}},
		{"cast Spark refuses", project(&ir.Expr{Kind: ir.ExprCast, Type: &contracts.Type{Kind: contracts.KindDate}, Args: []*ir.Expr{col("order_id")}}), []string{ir.CodeCastRefused}},
		{"cast the engines would do differently", project(&ir.Expr{Kind: ir.ExprCast, Type: &contracts.Type{Kind: contracts.KindInt64}, Args: []*ir.Expr{col("status")}}), []string{ir.CodeCastRefused}},
		{"like with a bad escape", project(fn("like", col("status"), lit(`p\q`, typ(contracts.KindString)))), []string{ir.CodeFuncArgument}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := infer.Plan(tt.node, inputs)
			if diff := cmp.Diff(tt.want, diags.Codes()); diff != "" {
				t.Errorf("codes (-want +got):\n%s\n%v", diff, diags)
			}
		})
	}
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func TestCheckOutput(t *testing.T) {
	out := &contracts.Contract{ID: "out", Fields: []contracts.Field{
		{Name: "a", Type: typ(contracts.KindInt64), Required: true},
		{Name: "b", Type: dec(28, 2), Required: true},
		{Name: "c", Type: typ(contracts.KindString)},
	}}
	schema := func(cols ...infer.Column) infer.Schema { return infer.Schema{Columns: cols} }
	a := infer.Column{Name: "a", Type: typ(contracts.KindInt64)}
	b := infer.Column{Name: "b", Type: dec(28, 2)}
	c := infer.Column{Name: "c", Type: typ(contracts.KindString), Nullable: true}
	tests := []struct {
		name   string
		schema infer.Schema
		want   []string
	}{
		{"exact", schema(a, b, c), nil},
		{"int32 widens", schema(infer.Column{Name: "a", Type: typ(contracts.KindInt32)}, b, c), nil},
		{"narrow decimal widens", schema(a, infer.Column{Name: "b", Type: dec(18, 2)}, c), nil},
		{"missing", schema(a, c), []string{ir.CodeMissingColumn}},
		{"extra", schema(a, b, c, infer.Column{Name: "d", Type: typ(contracts.KindBool)}), []string{ir.CodeExtraColumn}},
		{"wrong type", schema(infer.Column{Name: "a", Type: typ(contracts.KindString)}, b, c), []string{ir.CodeColumnType}},
		{"decimal too wide", schema(a, infer.Column{Name: "b", Type: dec(38, 2)}, c), []string{ir.CodeColumnType}},
		{"nullable into required", schema(infer.Column{Name: "a", Type: typ(contracts.KindInt64), Nullable: true}, b, c), []string{ir.CodeNullable}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := infer.CheckOutput(tt.schema, out, diag.Position{}, "p")
			if diff := cmp.Diff(tt.want, []string(got.Codes()), cmpEmpty); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}

var cmpEmpty = cmp.Comparer(func(a, b []string) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return cmp.Equal(a, b)
})

// TestRepartition: a repartition keeps its input's schema and reports a
// partition count outside 1..MaxPartitions and key columns its input lacks.
func TestRepartition(t *testing.T) {
	repart := func(n int, keys ...string) *ir.Node {
		return &ir.Node{Op: ir.OpRepartition, Inputs: []*ir.Node{in("orders")}, Partitions: n, Keys: keys}
	}
	tests := []struct {
		name string
		node *ir.Node
		want []string
	}{
		{"by key", repart(8, "customer_id"), []string{}},
		{"by two keys", repart(1, "customer_id", "status"), []string{}},
		{"round robin", repart(4), []string{}},
		{"most partitions", repart(ir.MaxPartitions, "status"), []string{}},
		{"zero partitions", repart(0, "customer_id"), []string{ir.CodeBadArgument}},
		{"negative partitions", repart(-3), []string{ir.CodeBadArgument}},
		{"too many partitions", repart(ir.MaxPartitions + 1), []string{ir.CodeBadArgument}},
		{"unknown key", repart(8, "customer_id", "nope"), []string{ir.CodeUnknownColumn}},
		{"both", repart(0, "nope"), []string{ir.CodeBadArgument, ir.CodeUnknownColumn}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, diags := infer.Plan(tt.node, inputs)
			if diff := cmp.Diff(tt.want, diags.Codes()); diff != "" {
				t.Errorf("codes (-want +got):\n%s\n%v", diff, diags)
			}
			if diff := cmp.Diff(infer.FromContract(orders, "orders"), s); diff != "" {
				t.Errorf("schema is not the input's (-want +got):\n%s", diff)
			}
		})
	}
}
