package etl

import "github.com/etlgen/etlgen/framework/ir"

// StringArray is the array of strings Split returns. It is not an
// expression: arrays do not flow into columns, filters or sinks, only into
// the array functions below.
type StringArray struct{ e *ir.Expr }

// Split is Spark's split(s, pattern): the parts of s between the matches
// of pattern (a regular expression of the subset of "Regular
// expressions" in docs/dsl.md that cannot match the empty string), empty
// parts kept; "" splits into one empty part.
func Split(s Typed[string], pattern string) StringArray {
	return StringArray{&ir.Expr{Kind: ir.ExprCall, Name: string(ir.FuncSplit), Args: []*ir.Expr{irOf(s), Lit(pattern).e}}}
}

// Size is size(a): how many parts a has (INT).
func Size(a StringArray) Expr[int32] { return call[int32](ir.FuncSize, a.e) }

// ElementAt is Spark's try_element_at(a, index): the part at a 1-based
// index, counted from the end when negative; NULL past either end. An
// index of 0 is refused (Spark fails the query).
func ElementAt(a StringArray, index int) Expr[string] {
	return call[string](ir.FuncElementAt, a.e, intLit(index))
}

// ArrayContains is array_contains(a, v): whether a part equals v.
func ArrayContains(a StringArray, v Typed[string]) Expr[bool] {
	return call[bool](ir.FuncArrayContains, a.e, irOf(v))
}

// ArrayJoin is array_join(a, sep): the parts joined with sep.
func ArrayJoin(a StringArray, sep string) Expr[string] {
	return call[string](ir.FuncArrayJoin, a.e, Lit(sep).e)
}
