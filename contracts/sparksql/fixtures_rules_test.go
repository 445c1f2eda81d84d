package sparksql

import "github.com/etlgen/etlgen/contracts"

// crossRules has a cross-field rule for each case Go and Spark must agree
// on: NULLs, decimals at scale, timestamps to the microsecond, NaN and
// -0.0 in doubles, integer overflow, division by zero, UTF-8 order, three-
// valued logic, dates and nested fields (testdata/corpus/cross_rules.jsonl).
func crossRules() *contracts.Contract {
	typ := func(k contracts.Kind) contracts.Type { return contracts.Type{Kind: k} }
	opt := func(name string, t contracts.Type) contracts.Field { return contracts.Field{Name: name, Type: t} }
	req := func(name string, t contracts.Type) contracts.Field {
		return contracts.Field{Name: name, Type: t, Required: true}
	}
	dec := func(p, s int) contracts.Type {
		return contracts.Type{Kind: contracts.KindDecimal, Precision: p, Scale: s}
	}
	span := contracts.Type{Kind: contracts.KindStruct, Fields: []contracts.Field{
		req("from", typ(contracts.KindTimestamp)), req("to", typ(contracts.KindTimestamp))}}
	return &contracts.Contract{
		ID: "cross-rules", Version: "1.0.0", Name: "CrossRules", UnknownFields: contracts.UnknownAllow,
		Fields: []contracts.Field{
			req("id", typ(contracts.KindString)),
			req("start", typ(contracts.KindTimestamp)),
			opt("end", typ(contracts.KindTimestamp)),
			req("order_total", dec(18, 2)),
			opt("refund_total", dec(18, 2)),
			opt("discount", dec(10, 2)),
			opt("big_a", dec(38, 10)),
			opt("big_b", dec(20, 5)),
			opt("x", typ(contracts.KindFloat64)),
			opt("y", typ(contracts.KindFloat64)),
			opt("count", typ(contracts.KindInt32)),
			opt("limit", typ(contracts.KindInt64)),
			opt("label", typ(contracts.KindString)),
			opt("active", typ(contracts.KindBool)),
			opt("born", typ(contracts.KindDate)),
			opt("joined", typ(contracts.KindDate)),
			opt("span", span),
		},
		Rules: []contracts.Rule{
			{Name: "end_after_start", Field: "end", Expr: "end >= start"},
			{Name: "refund_within_total", Field: "refund_total", Expr: "coalesce(refund_total, 0) + coalesce(discount, 0) <= order_total"},
			{Name: "big_ordered", Field: "big_a", Expr: "big_a >= big_b"},
			{Name: "nan_is_greatest", Field: "x", Expr: "x * 1e308 - x * 1e308 >= y"},
			{Name: "nan_equals_nan", Field: "x", Expr: "x * 1e308 - x * 1e308 = y * 1e308 - y * 1e308"},
			{Name: "product_bounded", Field: "limit", Expr: "count * limit < 9000000000000000000"},
			{Name: "ratio_at_most_one", Field: "count", Expr: "count / limit <= 1"},
			{Name: "negation", Field: "limit", Expr: "-limit <= 0 or limit < 0"},
			{Name: "label_order", Field: "label", Expr: "label <> 'it''s' and label < '😀'"},
			{Name: "active_or_open", Field: "active", Expr: "active or isnull(end)"},
			{Name: "born_before_joined", Field: "born", Expr: "born <= joined"},
			{Name: "span_ordered", Field: "span.to", Expr: "span.to > span.from"},
		},
	}
}
