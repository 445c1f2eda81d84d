package ir

// The array functions (ExprCall), with Spark 4.1's names. Arrays do not
// flow through expressions: split's array is only the first argument of
// size, try_element_at, array_contains and array_join, which schema
// inference checks (CodeArrayValue).
const (
	FuncSplit         Func = "split"          // (s, pattern literal): Java's String.split, limit -1
	FuncSize          Func = "size"           // (array): INT element count
	FuncElementAt     Func = "try_element_at" // (array, 1-based index ≠ 0, negative from the end)
	FuncArrayContains Func = "array_contains" // (array, value)
	FuncArrayJoin     Func = "array_join"     // (array, separator)
)

// arrayFuncs are the rows of the array functions.
var arrayFuncs = []FuncInfo{
	scalar(FuncSplit, 2), scalar(FuncSize, 1),
	{Func: FuncElementAt, MinArgs: 2, MaxArgs: 2, Nulls: NullsMaybe},
	scalar(FuncArrayContains, 2), scalar(FuncArrayJoin, 2),
}

// IsArrayFunc reports whether f takes split's array as its first argument.
func IsArrayFunc(f Func) bool {
	switch f {
	case FuncSize, FuncElementAt, FuncArrayContains, FuncArrayJoin:
		return true
	}
	return false
}
