package etl

import "github.com/etlgen/etlgen/framework/ir"

// In is x IN (values...): true when x equals one of the values, NULL when
// x is NULL.
func In[T any](x Typed[T], values ...T) Expr[bool] {
	args := []*ir.Expr{irOf(x)}
	for _, v := range values {
		args = append(args, Lit(v).e)
	}
	return call[bool](ir.FuncIn, args...)
}

// Like is s LIKE pattern (Spark SQL): _ matches one character, % any
// sequence, and \ makes the next _, % or \ literal (any other escape is
// refused by schema inference, as Spark refuses it). Case-sensitive.
func Like(s Typed[string], pattern string) Expr[bool] {
	return call[bool](ir.FuncLike, irOf(s), Lit(pattern).e)
}

// StartsWith is startswith(s, prefix).
func StartsWith(s Typed[string], prefix string) Expr[bool] {
	return call[bool](ir.FuncStartsWith, irOf(s), Lit(prefix).e)
}

// EndsWith is endswith(s, suffix).
func EndsWith(s Typed[string], suffix string) Expr[bool] {
	return call[bool](ir.FuncEndsWith, irOf(s), Lit(suffix).e)
}

// Contains is contains(s, sub).
func Contains(s Typed[string], sub string) Expr[bool] {
	return call[bool](ir.FuncContains, irOf(s), Lit(sub).e)
}

// NullIf is nullif(a, b): NULL when a equals b, else a.
func NullIf[T any](a, b Typed[T]) Expr[T] { return call[T](ir.FuncNullIf, irOf(a), irOf(b)) }

// Greatest is greatest(xs...): the largest non-NULL argument (NaN is larger
// than any number), NULL when every argument is NULL.
func Greatest[T any](a, b Typed[T], more ...Typed[T]) Expr[T] {
	return call[T](ir.FuncGreatest, append([]*ir.Expr{irOf(a), irOf(b)}, exprs(more)...)...)
}

// Least is least(xs...): the smallest non-NULL argument, NULL when every
// argument is NULL.
func Least[T any](a, b Typed[T], more ...Typed[T]) Expr[T] {
	return call[T](ir.FuncLeast, append([]*ir.Expr{irOf(a), irOf(b)}, exprs(more)...)...)
}

// Replace is replace(s, search, replacement): every occurrence, left to
// right; an empty search leaves s as it is.
func Replace(s Typed[string], search, replacement string) Expr[string] {
	return call[string](ir.FuncReplace, irOf(s), Lit(search).e, Lit(replacement).e)
}

// SplitPart is split_part(s, delimiter, index): the index-th field of s
// split on the delimiter (not a pattern), 1-based; a negative index counts
// from the end; "" past the last field. Index 0 is refused.
func SplitPart(s Typed[string], delimiter string, index int) Expr[string] {
	return call[string](ir.FuncSplitPart, irOf(s), Lit(delimiter).e, intLit(index))
}

// Lpad is lpad(s, n, pad): s cut or left-padded with pad to n characters.
func Lpad(s Typed[string], n int, pad string) Expr[string] {
	return call[string](ir.FuncLpad, irOf(s), intLit(n), Lit(pad).e)
}

// Rpad is rpad(s, n, pad): s cut or right-padded with pad to n characters.
func Rpad(s Typed[string], n int, pad string) Expr[string] {
	return call[string](ir.FuncRpad, irOf(s), intLit(n), Lit(pad).e)
}

// Ltrim is ltrim(s): leading spaces (U+0020 only) removed.
func Ltrim(s Typed[string]) Expr[string] { return call[string](ir.FuncLtrim, irOf(s)) }

// Rtrim is rtrim(s): trailing spaces (U+0020 only) removed.
func Rtrim(s Typed[string]) Expr[string] { return call[string](ir.FuncRtrim, irOf(s)) }

// LeftChars is left(s, n): the first n characters (etl.Left is the join
// type).
func LeftChars(s Typed[string], n int) Expr[string] {
	return call[string](ir.FuncLeft, irOf(s), intLit(n))
}

// RightChars is right(s, n): the last n characters (etl.Right is the join
// type).
func RightChars(s Typed[string], n int) Expr[string] {
	return call[string](ir.FuncRight, irOf(s), intLit(n))
}

// Instr is instr(s, sub): the 1-based character position of sub's first
// occurrence in s, 0 when absent, 1 for an empty sub.
func Instr(s Typed[string], sub string) Expr[int32] {
	return call[int32](ir.FuncInstr, irOf(s), Lit(sub).e)
}

// Locate is locate(sub, s, start): as Instr, searching from the 1-based
// character position start; 0 when start < 1.
func Locate(sub string, s Typed[string], start int) Expr[int32] {
	return call[int32](ir.FuncLocate, Lit(sub).e, irOf(s), intLit(start))
}

// Reverse is reverse(s), character by character (combining marks move with
// the order).
func Reverse(s Typed[string]) Expr[string] { return call[string](ir.FuncReverse, irOf(s)) }

// InitCap is initcap(s): the first character of each space-separated word
// in title case, the others in lower case.
func InitCap(s Typed[string]) Expr[string] { return call[string](ir.FuncInitCap, irOf(s)) }

// Repeat is repeat(s, n): s n times; "" when n < 1.
func Repeat(s Typed[string], n int) Expr[string] {
	return call[string](ir.FuncRepeat, irOf(s), intLit(n))
}

// Translate is translate(s, from, to): each character of from replaced by
// the character at the same position in to, or removed when to is shorter.
func Translate(s Typed[string], from, to string) Expr[string] {
	return call[string](ir.FuncTranslate, irOf(s), Lit(from).e, Lit(to).e)
}

// ConcatWS is concat_ws(sep, xs...): the non-NULL arguments joined by sep;
// never NULL.
func ConcatWS(sep string, xs ...Typed[string]) Expr[string] {
	return call[string](ir.FuncConcatWS, append([]*ir.Expr{Lit(sep).e}, exprs(xs)...)...)
}

// OctetLength is octet_length(s): the length of s in UTF-8 bytes.
func OctetLength(s Typed[string]) Expr[int32] { return call[int32](ir.FuncOctetLength, irOf(s)) }
