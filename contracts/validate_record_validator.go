package contracts

import (
	"fmt"
	"unicode/utf8"

	"github.com/etlgen/etlgen/contracts/internal/jsonscan"
)

// RecordValidator checks raw JSON payloads against a contract, with no Go
// type: the rules are compiled once from the contract model. It is safe for
// concurrent use.
type RecordValidator struct {
	c     *Contract
	plan  *structPlan
	rules []compiledRule
	opts  options
}

// NewRecordValidator compiles c. The error lists every field whose type or
// constraints cannot be checked (a contract the loader would reject).
func NewRecordValidator(c *Contract, opts ...Option) (*RecordValidator, error) {
	plan, err := compileStruct(c.Fields, "")
	if err != nil {
		return nil, fmt.Errorf("compile validator for contract %s: %w", c.ID, err)
	}
	return newRecordValidator(c, plan, opts)
}

func newRecordValidator(c *Contract, plan *structPlan, opts []Option) (*RecordValidator, error) {
	o := resolve(c, opts)
	switch o.unknown {
	case "", UnknownAllow, UnknownReject:
	default:
		return nil, fmt.Errorf("compile validator for contract %s: unknown-field policy %q is not allow or reject", c.ID, o.unknown)
	}
	rules, err := compileRules(c)
	if err != nil {
		return nil, fmt.Errorf("compile validator for contract %s: %w", c.ID, err)
	}
	return &RecordValidator{c: c, plan: plan, rules: rules, opts: o}, nil
}

// Contract returns the contract the validator checks.
func (v *RecordValidator) Contract() *Contract { return v.c }

// Validate checks raw and returns its typed values, or the first failing
// check as a Rejection (docs/validation.md gives the order). It never
// panics.
func (v *RecordValidator) Validate(raw []byte) (Record, *Rejection) {
	w := getWalker()
	defer putWalker(w)
	if fl := v.run(w, raw); fl != nil {
		r := v.rejection(raw, fl)
		return Record{}, &r
	}
	vals := make([]Value, len(w.top))
	copy(vals, w.top)
	return Record{fields: v.plan.decl, vals: vals}, nil
}

// Checker validates payloads one after the other with one set of scratch
// buffers, taken from the shared pool once and not per payload, and hands
// out the values of a valid payload without copying them: for a loop over
// many payloads on one goroutine. Release gives the buffers back.
type Checker struct {
	v *RecordValidator
	w *walker
}

// Checker returns a Checker of v's checks; the caller calls Release when
// done with it.
func (v *RecordValidator) Checker() *Checker { return &Checker{v: v, w: getWalker()} }

// Check is Validate of raw: the values of a valid payload in declaration
// order (see Record.Value), valid until the next Check or Release, or the
// first failing check as a Rejection. It never panics.
func (c *Checker) Check(raw []byte) ([]Value, *Rejection) {
	if fl := c.v.run(c.w, raw); fl != nil {
		r := c.v.rejection(raw, fl)
		return nil, &r
	}
	return c.w.top, nil
}

// Release gives the Checker's buffers back to the pool; the Checker is
// not used after.
func (c *Checker) Release() {
	putWalker(c.w)
	c.w = nil
}

// ValidateBatch checks every payload, in order: the valid records and the
// rejections, each in input order, together as many as the payloads.
func (v *RecordValidator) ValidateBatch(raws [][]byte) ([]Record, []Rejection) {
	w := getWalker()
	defer putWalker(w)
	valid := make([]Record, 0, len(raws))
	var rejected []Rejection
	for _, raw := range raws {
		if fl := v.run(w, raw); fl != nil {
			rejected = append(rejected, v.rejection(raw, fl))
			continue
		}
		vals := make([]Value, len(w.top))
		copy(vals, w.top)
		valid = append(valid, Record{fields: v.plan.decl, vals: vals})
	}
	return valid, rejected
}

// run applies the checks in spec order; on success w.top holds the values.
func (v *RecordValidator) run(w *walker, raw []byte) *failure {
	if len(raw) > v.opts.maxBytes {
		return fail(ReasonPayloadTooLarge, "payload has %d bytes, more than the limit of %d", len(raw), v.opts.maxBytes)
	}
	if !utf8.Valid(raw) {
		return fail(ReasonInvalidUTF8, "payload is not valid UTF-8")
	}
	if err := w.p.Parse(raw); err != nil {
		return fail(ReasonMalformedJSON, "payload is not one JSON value: %v", err)
	}
	w.data, w.tape = raw, w.p.Tape
	if k := w.tape[0].Kind; k != jsonscan.Object {
		return fail(ReasonNotAnObject, "payload is a JSON %s, not an object", k)
	}
	w.scan, w.unkAt = v.opts.unknown == UnknownReject, -1
	w.root, w.path, w.slots = v.plan, w.path[:0], w.slots[:0]
	w.top = append(w.top[:0], make([]Value, len(v.plan.fields))...)
	if fl := w.object(v.plan, 0, w.top); fl != nil {
		return fl
	}
	if w.unkAt >= 0 {
		return &failure{code: ReasonUnknownField, path: w.unkIn,
			msg: fmt.Sprintf("member is not declared by contract %s", v.c.ID)}
	}
	return checkRules(v.rules, w.top)
}

// rejection turns a failure into a Rejection stamped by the clock.
func (v *RecordValidator) rejection(raw []byte, fl *failure) Rejection {
	return Rejection{RawPayload: raw, ReasonCode: fl.code, Reason: fl.msg, FieldPath: fl.path,
		ObservedAt: v.opts.clock().UTC(), Rule: fl.rule}
}
