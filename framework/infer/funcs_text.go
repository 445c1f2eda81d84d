package infer

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// textFunctions are the typing rules of the text, URL, membership and
// conditional functions.
var textFunctions = map[ir.Func]rule{
	ir.FuncIn:          membership,
	ir.FuncLike:        allOf(contracts.KindString, tBool),
	ir.FuncStartsWith:  allOf(contracts.KindString, tBool),
	ir.FuncEndsWith:    allOf(contracts.KindString, tBool),
	ir.FuncContains:    allOf(contracts.KindString, tBool),
	ir.FuncNullIf:      nullIf,
	ir.FuncGreatest:    extreme,
	ir.FuncLeast:       extreme,
	ir.FuncReplace:     allOf(contracts.KindString, tString),
	ir.FuncSplitPart:   signature(tString, contracts.KindString, contracts.KindString, contracts.KindInt32),
	ir.FuncLpad:        signature(tString, contracts.KindString, contracts.KindInt32, contracts.KindString),
	ir.FuncRpad:        signature(tString, contracts.KindString, contracts.KindInt32, contracts.KindString),
	ir.FuncLtrim:       allOf(contracts.KindString, tString),
	ir.FuncRtrim:       allOf(contracts.KindString, tString),
	ir.FuncLeft:        signature(tString, contracts.KindString, contracts.KindInt32),
	ir.FuncRight:       signature(tString, contracts.KindString, contracts.KindInt32),
	ir.FuncInstr:       allOf(contracts.KindString, tInt32),
	ir.FuncLocate:      signature(tInt32, contracts.KindString, contracts.KindString, contracts.KindInt32),
	ir.FuncReverse:     allOf(contracts.KindString, tString),
	ir.FuncInitCap:     allOf(contracts.KindString, tString),
	ir.FuncRepeat:      signature(tString, contracts.KindString, contracts.KindInt32),
	ir.FuncTranslate:   allOf(contracts.KindString, tString),
	ir.FuncConcatWS:    allOf(contracts.KindString, tString),
	ir.FuncOctetLength: allOf(contracts.KindString, tInt32),
	ir.FuncParseURL:    allOf(contracts.KindString, tString),
	ir.FuncURLDecode:   allOf(contracts.KindString, tString),
	ir.FuncURLEncode:   allOf(contracts.KindString, tString),
}

// signature requires the arguments to be of the kinds given, in order.
func signature(res contracts.Type, kinds ...contracts.Kind) rule {
	return func(args []value) (contracts.Type, string) {
		if len(args) != len(kinds) {
			return contracts.Type{}, ""
		}
		for i, a := range args {
			if a.t.Kind != kinds[i] {
				return contracts.Type{}, "argument " + string(rune('1'+i)) + " of type " + string(a.t.Kind) + ", want " + string(kinds[i])
			}
		}
		return res, ""
	}
}

// scalarKind reports whether values of kind k are ordered and compared by
// every engine: not arrays, structs or maps.
func scalarKind(k contracts.Kind) bool {
	switch k {
	case contracts.KindArray, contracts.KindStruct, "":
		return false
	}
	return true
}

// membership types x IN (values...): every value comparable with x.
func membership(args []value) (contracts.Type, string) {
	if len(args) < 2 {
		return contracts.Type{}, ""
	}
	for _, a := range args[1:] {
		if t, msg := compare([]value{args[0], a}); msg != "" {
			return t, msg
		}
	}
	if !scalarKind(args[0].t.Kind) {
		return contracts.Type{}, "argument of type " + typeString(args[0].t) + ", want a scalar"
	}
	return tBool, ""
}

// nullIf types nullif(a, b): a and b comparable, the result a's type.
func nullIf(args []value) (contracts.Type, string) {
	if _, msg := membership(args); msg != "" || len(args) != 2 {
		return contracts.Type{}, msg
	}
	return args[0].t, ""
}

// extreme types greatest and least: arguments of one scalar type.
func extreme(args []value) (contracts.Type, string) {
	t, msg := coalesce(args)
	if msg == "" && !scalarKind(t.Kind) {
		return contracts.Type{}, "argument of type " + typeString(t) + ", want a scalar"
	}
	return t, msg
}
