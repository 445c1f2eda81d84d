package etl

import (
	"slices"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// Drop is the expectation action that drops a row breaking the expectation
// from the stream, and counts it (Lakeflow's expect_or_drop). The other
// actions of an expectation are Warn (keep and count: expect) and Fail
// (fail the micro-batch: expect_or_fail).
const Drop Action = ir.ExpectDrop

// Expect declares the expectation name on the pipeline stream s (an
// extract's Valid() rows or a step's output): every row must meet pred,
// a boolean expression over s's columns; false and NULL break it. action
// says what a breaking row does: Warn keeps it, Drop drops it, Fail fails
// the micro-batch before anything of it commits (ETL-E751 naming the
// expectation and showing the row), Quarantine drops it and routes it to
// s.Quarantined(). Both engines count the rows that meet
// and break each expectation in every micro-batch. The expectation holds
// for every reader of s: it returns s, so that
//
//	windows := Aggregate.Step(p, orders.Valid().ExpectOrDrop("positive_total", o.OrderTotal.Gt(zero)), params)
//
// reads as the pipeline runs. The name is unique among the pipeline's
// expectations; the planner checks pred against s's columns (ETL-D220,
// ETL-D221).
func (s Stream[T]) Expect(name string, pred Typed[bool], action Action) Stream[T] {
	s.s.expect(ir.Expectation{Name: name, Kind: ir.ExpectPredicate, Predicate: irOf(pred), Action: string(action), Pos: callerPos()})
	return s
}

// ExpectOrDrop is Expect with action Drop.
func (s Stream[T]) ExpectOrDrop(name string, pred Typed[bool]) Stream[T] {
	s.s.expect(ir.Expectation{Name: name, Kind: ir.ExpectPredicate, Predicate: irOf(pred), Action: string(Drop), Pos: callerPos()})
	return s
}

// ExpectOrFail is Expect with action Fail.
func (s Stream[T]) ExpectOrFail(name string, pred Typed[bool]) Stream[T] {
	s.s.expect(ir.Expectation{Name: name, Kind: ir.ExpectPredicate, Predicate: irOf(pred), Action: string(Fail), Pos: callerPos()})
	return s
}

// ExpectOrQuarantine is Expect with action Quarantine: a breaking row
// leaves s, as with Drop, and goes to s.Quarantined() with the
// expectation's name as its reason. Load s.Quarantined() into an output
// of its own (the planner checks it, ETL-D285).
func (s Stream[T]) ExpectOrQuarantine(name string, pred Typed[bool]) Stream[T] {
	s.s.expect(ir.Expectation{Name: name, Kind: ir.ExpectPredicate, Predicate: irOf(pred), Action: string(Quarantine), Pos: callerPos()})
	return s
}

// Quarantined is the stream of the rows of s that broke one of its
// expectations with action Quarantine: s's columns, then expectation (the
// name of the first such expectation the row broke, in declaration order),
// pipeline_id and observed_at (the micro-batch's timestamp). Give it its
// contract with etl.Into before loading, into an output with append
// semantics that nothing else writes:
//
//	etl.Load(p, "quarantined_orders", etl.Into[QuarantinedOrder](valid.Quarantined()))
func (s Stream[T]) Quarantined() Stream[Row] {
	return s.s.branch(branchCall{port: ir.PortQuarantine, code: ir.CodeBadExpectation, call: "Quarantined()", noStatic: true,
		inBody: "load quarantined rows in the pipeline: etl.Load(p, asset, etl.Into[Q](s.Quarantined()))",
		wrong:  "call Quarantined() on an extract's Valid() stream or a step's output"}, callerPos())
}

// ExpectUnique declares the expectation name that keys are unique within
// each micro-batch of the pipeline stream s: the first row of a key meets
// it, the 2nd and later rows of the key in the same batch break it (NULL
// keys are equal to each other, as in Spark's grouping). action is Warn,
// Drop (keep the first row of each key), Fail or Quarantine. It returns s.
func (s Stream[T]) ExpectUnique(name string, action Action, keys ...Named) Stream[T] {
	s.s.expect(ir.Expectation{Name: name, Kind: ir.ExpectUnique, Keys: names(keys), Action: string(action), Pos: callerPos()})
	return s
}

// expect records expectation e on the pipeline stream s, or the reason it
// cannot be declared there.
func (s *stream) expect(e ir.Expectation) {
	switch {
	case s == nil:
		return
	case s.plan != nil:
		s.plan.errorf(ir.CodeWrongContext, e.Pos, "declare expectations in the pipeline, on an extract's Valid() or a step's output",
			"expectation %s declared inside a transformation body", e.Name)
		return
	}
	b := s.pipe
	e.On = s.ref
	if hint, msg := expectProblem(b, s, &e); msg != "" {
		b.diags.Add(diag.Diagnostic{Code: ir.CodeBadExpectation, Severity: diag.Error, Pos: e.Pos, Path: b.path + "/expectation/" + e.Name,
			Message: msg, Hint: hint})
		return
	}
	b.pl.Expectations = append(b.pl.Expectations, e)
}

// expectProblem is what is wrong with expectation e on s (a hint and a
// message), or "" when nothing is.
func expectProblem(b *Builder, s *stream, e *ir.Expectation) (hint, msg string) {
	switch {
	case e.Name == "":
		return "name the expectation: its name is reported with its counts", "expectation without a name"
	case slices.ContainsFunc(b.pl.Expectations, func(o ir.Expectation) bool { return o.Name == e.Name }):
		return "give each expectation of the pipeline its own name", "expectation " + e.Name + " is declared twice"
	case s.static || (s.ref.Port != ir.PortValid && s.ref.Port != ir.PortOut):
		return "expect on an extract's Valid() stream or a step's output", "expectation " + e.Name + " on " + s.ref.Node + "." + s.ref.Port + ": not a streaming extract's valid rows nor a step's output"
	case e.Kind == ir.ExpectPredicate && e.Predicate == nil:
		return "pass a boolean expression over the stream's columns, e.g. o.Amount.Ge(0)", "expectation " + e.Name + " has no expression"
	case e.Kind == ir.ExpectUnique && len(e.Keys) == 0:
		return "name the key columns: ExpectUnique(name, action, o.SessionID)", "expectation " + e.Name + " names no key"
	case e.Action != string(Warn) && e.Action != string(Drop) && e.Action != string(Fail) && e.Action != string(Quarantine):
		return "use etl.Warn, etl.Drop, etl.Fail or etl.Quarantine", "expectation " + e.Name + ": unknown action \"" + e.Action + "\""
	}
	return "", ""
}
