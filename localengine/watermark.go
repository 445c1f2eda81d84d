package localengine

// Per-operator watermarks: Spark 3.5+'s PropagateWatermarkSimulator
// (spark.sql.streaming.statefulOperator.allowMultiple, the default). The
// global watermark of a batch (the min over the watermark operators,
// query.go) is propagated up the plan, inputs first: a watermark operator
// outputs the global watermark; a stateless operator outputs the min of its
// inputs' watermarks (inputs without watermark information left out); a
// stateful operator's input watermark is that min, and its output watermark
// what StateStoreWriter.produceOutputWatermark says (the input watermark,
// except for a stream–stream join: joinOp.produceWatermark). A stateful
// operator evicts with its input watermark for the batch
// (getInputWatermarkForEviction) and drops late rows with its input
// watermark for the batch before (getInputWatermarkForLateEvents): so an
// aggregation after a time-interval join closes its windows only once the
// join can no longer emit rows for them. When the global watermark is 0
// every operator's is 0 (the simulator skips the propagation), and an
// operator without watermark information gets 0.

// watermarkProducer is a stateful operator whose output watermark is not
// its input watermark.
type watermarkProducer interface {
	produceWatermark(in int64) (int64, bool)
}

// outputWatermark is op's output watermark for global watermark g
// (microseconds); false when op has no watermark information.
func outputWatermark(op operator, g int64) (int64, bool) {
	switch o := op.(type) {
	case *watermarkOp:
		return g, true
	case watermarkProducer:
		in, ok := inputWatermark(op, g)
		if !ok {
			return 0, false
		}
		return o.produceWatermark(in)
	}
	return inputWatermark(op, g)
}

// inputWatermark is the min of the output watermarks of op's inputs that
// have watermark information.
func inputWatermark(op operator, g int64) (int64, bool) {
	var wm int64
	found := false
	for _, in := range op.inputs() {
		if w, ok := outputWatermark(in, g); ok && (!found || w < wm) {
			wm, found = w, true
		}
	}
	return wm, found
}

// operatorWatermark is PropagateWatermarkSimulator.getInputWatermark:
// op's input watermark for global watermark g, 0 when g is 0, op has no
// watermark information or the propagated value is negative.
func operatorWatermark(op operator, g int64) int64 {
	if g <= 0 {
		return 0
	}
	w, ok := inputWatermark(op, g)
	if !ok || w < 0 {
		return 0
	}
	return w
}

// eviction is op's watermark for eviction in this batch.
func (b *batch) eviction(op operator) int64 { return operatorWatermark(op, b.wm) }

// lateEvents is op's watermark for late events in this batch: its input
// watermark of the batch before.
func (b *batch) lateEvents(op operator) int64 { return operatorWatermark(op, b.lateWm) }

// truncMillis truncates a microsecond value to whole milliseconds, toward
// zero, as Spark's state watermarks are computed (a double divided by 1000,
// then toLong).
func truncMillis(us int64) int64 { return us / 1000 * 1000 }
