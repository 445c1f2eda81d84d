package localengine

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// CodeExpectationFailed is the code of a micro-batch failed by an
// expectation with action fail (ExpectationError, docs/diagnostics.md).
const CodeExpectationFailed = "ETL-E751"

// ExpectationMarker starts the message of a micro-batch failed by an
// expectation, on both engines (the Spark program's raise_error message).
const ExpectationMarker = "[ETLGEN_EXPECTATION]"

// ExpectationResult is one expectation's counts in one micro-batch of a
// query: the rows that met it and those that broke it (kept with action
// warn, dropped with action drop).
type ExpectationResult struct {
	Name   string
	Action string
	Passed int64
	Failed int64
}

// ExpectationError is a micro-batch failed by an expectation with action
// fail at its first breaking row: nothing of the batch commits, its
// offsets stay uncommitted, and the next run reads the same batch again.
type ExpectationError struct {
	Query       string
	BatchID     int64
	Expectation string
	Condition   string
	// Row is the first breaking row, as JSON.
	Row string
}

func (e *ExpectationError) Error() string {
	return fmt.Sprintf("%s %s: expectation %s failed in query %s batch %d: a row breaks %s: %s; the batch did not commit",
		ExpectationMarker, CodeExpectationFailed, e.Expectation, e.Query, e.BatchID, e.Condition, e.Row)
}

// expectCounts are the counts of every expectation evaluated in a batch,
// by name, with the first failure of an expectation with action fail.
type expectCounts struct {
	byName map[string]*ExpectationResult
	failed *ExpectationError
}

// count adds one row's verdict to expectation name.
func (c *expectCounts) count(name, action string, ok bool) {
	if c.byName == nil {
		c.byName = map[string]*ExpectationResult{}
	}
	r := c.byName[name]
	if r == nil {
		r = &ExpectationResult{Name: name, Action: action}
		c.byName[name] = r
	}
	if ok {
		r.Passed++
	} else {
		r.Failed++
	}
}

// results are the counts of the query's expectations, in declaration
// order; an expectation no row reached counts zeros.
func (c *expectCounts) results(es []planner.Expectation) []ExpectationResult {
	if len(es) == 0 {
		return nil
	}
	out := make([]ExpectationResult, len(es))
	for i, e := range es {
		out[i] = ExpectationResult{Name: e.Name, Action: e.Action}
		if r := c.byName[e.Name]; r != nil {
			out[i] = *r
		}
	}
	return out
}

// expectOp checks each row of its input against one expectation: counts
// it, drops a breaking row with action drop, and records the first
// breaking row of an expectation with action fail on the batch.
type expectOp struct {
	passOp
	e *planner.Expectation
	// silent: another expectOp of the query counts the stream's rows (a
	// stream read twice, a diamond, is compiled twice: its rows are
	// counted once, as Spark's shared read counts them).
	silent bool
	test   func(b *batch, r Row) bool
	// seen are the keys of a uniqueness expectation met in batch seenIn.
	seen   map[string]bool
	seenIn *batch
	kb     []byte
}

// newExpectOp compiles expectation e over in.
func newExpectOp(x exprs, e *planner.Expectation, in operator) (*expectOp, error) {
	op := &expectOp{passOp: passOp{in}, e: e}
	s := in.schema()
	if e.Kind == ir.ExpectUnique {
		keys := make([]int, len(e.IR.Keys))
		for i, k := range e.IR.Keys {
			if keys[i] = s.Index(k); keys[i] < 0 {
				return nil, fmt.Errorf("expectation %s: unknown key column %s", e.Name, k)
			}
		}
		op.test = func(b *batch, r Row) bool { return op.first(b, r, keys) }
		return op, nil
	}
	pred, err := x.compile(e.IR.Predicate, s)
	if err != nil {
		return nil, fmt.Errorf("expectation %s: %w", e.Name, err)
	}
	op.test = func(_ *batch, r Row) bool { ok, _ := pred(r).(bool); return ok }
	return op, nil
}

// first reports whether r is the first row of its key in batch b.
func (op *expectOp) first(b *batch, r Row, keys []int) bool {
	if op.seenIn != b {
		op.seen, op.seenIn = map[string]bool{}, b
	}
	op.kb = op.kb[:0]
	for _, k := range keys {
		op.kb = keyString(op.kb, r[k])
	}
	if op.seen[string(op.kb)] {
		return false
	}
	op.seen[string(op.kb)] = true
	return true
}

func (op *expectOp) process(b *batch) []Row { return collect(op, b) }

func (op *expectOp) apply(b *batch, in, out []Row) []Row {
	for _, r := range in {
		ok := op.test(b, r)
		if !op.silent {
			b.expects.count(op.e.Name, op.e.Action, ok)
		}
		switch {
		case ok || op.e.Action == ir.ExpectWarn:
			out = append(out, r)
		case op.e.Action == ir.ExpectFail && b.expects.failed == nil:
			b.expects.failed = &ExpectationError{BatchID: b.id, Expectation: op.e.Name, Condition: op.e.Condition,
				Row: string(EncodeRow(op.schema(), r))}
		}
	}
	return out
}

// expect wraps in, the compiled stream r, in the expectations declared on
// r, in declaration order; those of a stream compiled before count
// nothing.
func (c *compiler) expect(r ir.Ref, in operator) (operator, error) {
	silent := c.expected[r]
	if c.expected == nil {
		c.expected = map[ir.Ref]bool{}
	}
	c.expected[r] = true
	for i := range c.pp.Expectations {
		e := &c.pp.Expectations[i]
		if e.On != r {
			continue
		}
		op, err := newExpectOp(c.exprs, e, in)
		if err != nil {
			return nil, err
		}
		op.silent = silent
		in = op
	}
	return in, nil
}

// finishBatch ends the scans of batch b and reports the first failure of
// an expectation with action fail in it.
func (q *Query) finishBatch(b *batch) error {
	if err := q.finishScans(b); err != nil {
		return err
	}
	if f := b.expects.failed; f != nil {
		f.Query = q.Name
		return f
	}
	return nil
}
