package contracts

import (
	"fmt"
	"reflect"
	"sync"
	"unsafe"
)

// Validator checks raw JSON payloads against the contract of T and returns
// typed values. It is safe for concurrent use.
type Validator[T any] struct {
	rv  *RecordValidator
	set structSetter
	tmp sync.Pool // *T: the setters write through a pointer, which would make every T escape
}

// typedPlan is what a Go type needs, compiled once and cached.
type typedPlan struct {
	c    *Contract
	plan *structPlan
	set  structSetter
}

var (
	typedPlans sync.Map // reflect.Type → *typedPlan
	validators sync.Map // reflect.Type → *Validator[T], built without options
)

// NewValidator builds the validator of T, a struct type. T's contract is the
// registered one (Of[T], from generated code) or else FromType's; values map
// into T's fields by json name, through a plan compiled once per type. The
// error says why T cannot be validated: no usable contract, or a field whose
// Go type cannot hold its contract type.
func NewValidator[T any](opts ...Option) (*Validator[T], error) {
	tp, err := planFor(reflect.TypeFor[T]())
	if err != nil {
		return nil, err
	}
	rv, err := newRecordValidator(tp.c, tp.plan, opts)
	if err != nil {
		return nil, err
	}
	return &Validator[T]{rv: rv, set: tp.set}, nil
}

// planFor returns the cached plan of struct type t.
func planFor(t reflect.Type) (*typedPlan, error) {
	if tp, ok := typedPlans.Load(t); ok {
		return tp.(*typedPlan), nil
	}
	c, ok := Lookup(t)
	if !ok {
		built, err := FromType(t)
		if err != nil {
			return nil, fmt.Errorf("validator for %s: %w", t, err)
		}
		c = &built
	}
	plan, err := compileStruct(c.Fields, "")
	if err != nil {
		return nil, fmt.Errorf("validator for %s: contract %s: %w", t, c.ID, err)
	}
	set, err := buildStructSetter(c.Fields, t, "")
	if err != nil {
		return nil, fmt.Errorf("validator for %s: contract %s: %w", t, c.ID, err)
	}
	tp, _ := typedPlans.LoadOrStore(t, &typedPlan{c: c, plan: plan, set: set})
	return tp.(*typedPlan), nil
}

// Contract returns the contract the validator checks.
func (v *Validator[T]) Contract() *Contract { return v.rv.c }

// Validate checks raw and returns the typed value, or the zero T and the
// first failing check as a Rejection. It never panics.
func (v *Validator[T]) Validate(raw []byte) (T, *Rejection) {
	w := getWalker()
	defer putWalker(w)
	if fl := v.rv.run(w, raw); fl != nil {
		r := v.rv.rejection(raw, fl)
		return *new(T), &r
	}
	tp, _ := v.tmp.Get().(*T)
	if tp == nil {
		tp = new(T)
	}
	v.set.apply(unsafe.Pointer(tp), w.top)
	t := *tp
	*tp = *new(T)
	v.tmp.Put(tp)
	return t, nil
}

// ValidateBatch checks every payload, in order: the valid values and the
// rejections, each in input order, together as many as the payloads.
func (v *Validator[T]) ValidateBatch(raws [][]byte) ([]T, []Rejection) {
	w := getWalker()
	defer putWalker(w)
	valid := make([]T, 0, len(raws))
	var rejected []Rejection
	for _, raw := range raws {
		if fl := v.rv.run(w, raw); fl != nil {
			rejected = append(rejected, v.rv.rejection(raw, fl))
			continue
		}
		valid = append(valid, *new(T))
		v.set.apply(unsafe.Pointer(&valid[len(valid)-1]), w.top)
	}
	return valid, rejected
}

// Validate checks raw against T's contract with a validator cached per type
// (see NewValidator). It panics only when T has no usable contract, a
// programming error that NewValidator reports as an error.
func Validate[T any](raw []byte, opts ...Option) (T, *Rejection) {
	return validatorFor[T](opts).Validate(raw)
}

// ValidateBatch is Validator.ValidateBatch with the cached validator of T.
func ValidateBatch[T any](raws [][]byte, opts ...Option) ([]T, []Rejection) {
	return validatorFor[T](opts).ValidateBatch(raws)
}

func validatorFor[T any](opts []Option) *Validator[T] {
	t := reflect.TypeFor[T]()
	if len(opts) == 0 {
		if v, ok := validators.Load(t); ok {
			return v.(*Validator[T])
		}
	}
	v, err := NewValidator[T](opts...)
	if err != nil {
		panic(fmt.Sprintf("contracts.Validate[%s]: %v", t, err))
	}
	if len(opts) == 0 {
		validators.Store(t, v)
	}
	return v
}
