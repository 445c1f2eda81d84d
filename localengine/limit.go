package localengine

// limitOp is a limit on a stream: StreamingLocalLimitExec then
// StreamingGlobalLimitExec. It emits the first n rows the query reads, in
// the order the batches bring them, across micro-batches, and then drops
// every row; its state is the count emitted so far (one state row, in the
// checkpoint like any operator's state), so a restarted query does not
// start counting again. Which rows of a batch Spark keeps when the batch
// has more than the limit still needs depends on its partitions; here the
// batch's order decides. Spark rejects the limit in update output mode
// (ETL-S408). On the static side of a join it is the batch limit of the
// table read each micro-batch, and keeps no state.
type limitOp struct {
	passOp
	name   string
	n      int64
	static bool
	count  int64
}

func (l *limitOp) process(b *batch) []Row {
	in := l.in.process(b)
	if l.static {
		return in[:min(int64(len(in)), l.n)]
	}
	take := min(int64(len(in)), max(l.n-l.count, 0))
	l.count += take
	return in[:take]
}

func (l *limitOp) stateName() string { return l.name }

// stateRows is 1: the count, as StreamingGlobalLimitExec stores it.
func (l *limitOp) stateRows() int { return 1 }

// writeState writes the count, in a delta as in a snapshot: one record.
func (l *limitOp) writeState(w *stateWriter, _ bool) error {
	st := l.state()
	st.touch("count", l.count)
	return st.write(w, false)
}

func (l *limitOp) clean() {}

func (l *limitOp) readState(r *stateReader, whole bool) error {
	st := l.state()
	if err := st.read(r, whole); err != nil {
		return err
	}
	l.count = st.m["count"]
	return nil
}

// state is the count as a keyed state of one key.
func (l *limitOp) state() keyedState[int64] {
	st := newKeyedState(int64Codec)
	st.m["count"] = l.count
	return st
}

func (l *limitOp) readLegacy(dec func(any) error) error { return dec(&l.count) }

// compact keeps the newest count.
func (l *limitOp) compact(ins []*stateReader, out *stateWriter) error {
	return mergeRecords(ins, out)
}

func (l *limitOp) restored() {}

func (l *limitOp) inspect() (*Schema, []Row) {
	return NewSchema([]Column{{Name: "count"}}), []Row{{l.count}}
}

// usesWatermark is false: a limit runs no no-data batches
// (StreamingGlobalLimitExec keeps StateStoreWriter's
// shouldRunAnotherBatch, false).
func (l *limitOp) usesWatermark() bool { return false }
