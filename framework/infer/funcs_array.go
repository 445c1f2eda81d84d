package infer

import (
	"strconv"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// tStrings is split's result, an array of strings.
var tStrings = contracts.Type{Kind: contracts.KindArray, Elem: &contracts.Type{Kind: contracts.KindString}}

// arrayRules are the typing rules of the array functions.
var arrayRules = map[ir.Func]rule{
	ir.FuncSplit:         signature(tStrings, contracts.KindString, contracts.KindString),
	ir.FuncSize:          signature(tInt32, contracts.KindArray),
	ir.FuncElementAt:     signature(tString, contracts.KindArray, contracts.KindInt32),
	ir.FuncArrayContains: signature(tBool, contracts.KindArray, contracts.KindString),
	ir.FuncArrayJoin:     signature(tString, contracts.KindArray, contracts.KindString),
}

// arrayLiteralRules check split's pattern and try_element_at's index.
var arrayLiteralRules = map[ir.Func]literalRule{
	ir.FuncSplit:     everyMatchPattern,
	ir.FuncElementAt: elementIndex,
}

// elementIndex requires a literal index other than 0 (Spark fails the
// query on 0: INVALID_INDEX_OF_ZERO).
func elementIndex(args []*ir.Expr) (string, string) {
	v, ok := literal(args[1])
	if n, err := strconv.Atoi(v); !ok || err != nil || n == 0 {
		return "the index must be a literal other than 0", "count from 1 (the first part) or from -1 (the last)"
	}
	return "", ""
}

// arrayArgs infers the arguments of an array function: the first must be
// split's array, which is then allowed (splitOK) for that one call.
func (w *walker) arrayArgs(e *ir.Expr, s Schema, pos diag.Position) ([]value, bool) {
	if len(e.Args) == 0 || e.Args[0] == nil || e.Args[0].Kind != ir.ExprCall || e.Args[0].Func() != ir.FuncSplit {
		w.errorf(ir.CodeArrayValue, pos, "pass etl.Split(s, pattern) as its first argument",
			"%s: the first argument must be split's array", e.Name)
		return nil, false
	}
	w.splitOK = true
	return w.args(e, s, pos)
}

// refuseArray reports a split outside the first argument of an array
// function; it consumes splitOK.
func (w *walker) refuseArray(e *ir.Expr, pos diag.Position) bool {
	ok := w.splitOK
	w.splitOK = false
	if e.Func() != ir.FuncSplit || ok {
		return false
	}
	w.errorf(ir.CodeArrayValue, pos, "use split's array inside etl.Size, ElementAt, ArrayContains or ArrayJoin",
		"split returns an array, which cannot be a column, a condition or another function's argument")
	return true
}
