package localengine

import (
	"math/big"
	"math/bits"
	"time"
	"unsafe"

	"github.com/shopspring/decimal"
)

// slabbed are the value types a slab boxes: none of them is pointer-shaped,
// so an interface holding one points to a copy of it.
type slabbed interface {
	int64 | string | time.Time | decimal.Decimal
}

// eface is the layout of an interface{} value: its dynamic type and a
// pointer to its (non-pointer-shaped) value, as package runtime lays it out.
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

// typeWord is the dynamic type word of the interfaces that hold a T.
func typeWord[T slabbed]() unsafe.Pointer {
	var zero T
	x := any(zero)
	return (*eface)(unsafe.Pointer(&x)).typ
}

// slab boxes values of one type into interfaces without an allocation each:
// the values are copied into a shared array, and each interface points to
// its copy, as Go's own boxing points to a copy allocated for it. A copy is
// never written again (interfaces are immutable), and the array stays alive
// while an interface points into it: the values of one chunk of rows share
// it (arrays of at most maxSlab values).
type slab[T slabbed] struct {
	vals []T
	size int // the capacity of the next array
	typ  unsafe.Pointer
}

func newSlab[T slabbed](size int) slab[T] {
	return slab[T]{size: max(size, 1), typ: typeWord[T]()}
}

// box is any(v).
func (s *slab[T]) box(v T) any {
	if len(s.vals) == cap(s.vals) {
		s.vals = make([]T, 0, s.size) // the full array stays where it is
	}
	s.vals = append(s.vals, v)
	var out any
	e := (*eface)(unsafe.Pointer(&out))
	e.typ, e.data = s.typ, unsafe.Pointer(&s.vals[len(s.vals)-1])
	return out
}

// boxes are the slabs of the values of one chunk of rows, each made when
// first used with room for size values, and the arrays of the decimals'
// coefficients.
type boxes struct {
	size  int
	ints  *slab[int64]
	strs  *slab[string]
	times *slab[time.Time]
	decs  *slab[decimal.Decimal]
	coefs []big.Int
	words []big.Word
}

// maxSlab bounds the values of one array: small arrays stay in the
// allocator's size classes (at most 8 KiB, a big.Int being 32 bytes), and
// a value that outlives its chunk (an aggregate's max) keeps only its
// array's few neighbours alive, not the chunk's.
const maxSlab = 256

// newBoxes returns slabs for a chunk of about size values of each type, in
// arrays of at most maxSlab values.
func newBoxes(size int) *boxes { return &boxes{size: min(size, maxSlab)} }

// lazy returns *s, made with room for size values when nil.
func lazy[T slabbed](s **slab[T], size int) *slab[T] {
	if *s == nil {
		n := newSlab[T](size)
		*s = &n
	}
	return *s
}

// boxInt is any(v), a small one boxed once (smallInts).
func (b *boxes) boxInt(v int64) any {
	if v >= 0 && v < int64(len(smallInts)) {
		return smallInts[v]
	}
	return lazy(&b.ints, b.size).box(v)
}

// boxString is any(v).
func (b *boxes) boxString(v string) any { return lazy(&b.strs, b.size).box(v) }

// boxTime is any(v).
func (b *boxes) boxTime(v time.Time) any { return lazy(&b.times, b.size).box(v) }

// boxDecimal is any(v).
func (b *boxes) boxDecimal(v decimal.Decimal) any { return lazy(&b.decs, b.size).box(v) }

// decimalLayout is the layout of a decimal.Decimal: its coefficient and
// exponent (the value is coefficient × 10^exponent). decimalFits checks
// it against the package's own decimals before any is made so.
type decimalLayout struct {
	value *big.Int
	exp   int32
}

// decimalFits says whether a decimalLayout makes the decimal.Decimal that
// decimal.New makes, checked once on values of every sign and size: else
// newDecimal calls decimal.New.
var decimalFits = func() bool {
	if bits.UintSize != 64 || unsafe.Sizeof(decimal.Decimal{}) != unsafe.Sizeof(decimalLayout{}) {
		return false
	}
	b := newBoxes(8)
	for _, n := range []int64{0, 1, -1, 84327, -5, 1 << 62, -1 << 63} {
		for _, exp := range []int32{-2, 0, 3} {
			got, want := b.mirrorDecimal(n, exp), decimal.New(n, exp)
			if !got.Equal(want) || got.String() != want.String() || got.Exponent() != exp ||
				got.CoefficientInt64() != n || got.Sign() != want.Sign() {
				return false
			}
		}
	}
	return true
}()

// newDecimal is decimal.New(coef, exp) with its coefficient in the
// chunk's arrays instead of two allocations.
func (b *boxes) newDecimal(coef int64, exp int32) decimal.Decimal {
	if !decimalFits {
		return decimal.New(coef, exp)
	}
	return b.mirrorDecimal(coef, exp)
}

func (b *boxes) mirrorDecimal(coef int64, exp int32) decimal.Decimal {
	if len(b.coefs) == cap(b.coefs) {
		b.coefs = make([]big.Int, 0, max(b.size, 1))
	}
	b.coefs = b.coefs[:len(b.coefs)+1]
	z := &b.coefs[len(b.coefs)-1]
	if coef != 0 {
		if len(b.words) == cap(b.words) {
			b.words = make([]big.Word, 0, max(b.size, 1))
		}
		u := uint64(coef)
		if coef < 0 {
			u = -u
		}
		b.words = append(b.words, big.Word(u))
		n := len(b.words)
		z.SetBits(b.words[n-1 : n : n]) // no room to grow into the next one's
		if coef < 0 {
			z.Neg(z)
		}
	}
	var d decimal.Decimal
	*(*decimalLayout)(unsafe.Pointer(&d)) = decimalLayout{value: z, exp: exp}
	return d
}
