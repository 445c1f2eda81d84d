package localengine

// Hooks are what Run calls besides its batch callback, for a lifecycle
// event stream (package run); any may be nil. They are called from Run's
// goroutine, in order with the batch callback: in query order, a batch's
// BatchStarted before its callback, after the callback of the batch of
// the query before it.
type Hooks struct {
	// BatchStarted is called when a batch starts: offsets/N is logged (or,
	// for replay, was logged by an earlier run whose commit is missing)
	// and the batch is about to read its input. The batch of a query that
	// ran beside the one before it in its round (round.go) started while
	// that one ran: its BatchStarted comes after that one's callback, once
	// both batches ended.
	BatchStarted func(query string, batchID int64, replay bool)
	// Idle is called, under a processing-time trigger only, whenever a
	// trigger finds nothing for the query to run: it has caught up with
	// its sources and waits (Spark's QueryIdleEvent). An available-now or
	// once run that has caught up ends instead.
	Idle func(query string)
	// Notice is called with what a query's sources noticed outside its
	// batches (a file read before that changed since, CodeFileGrew),
	// after the query's turn, whether it ran a batch or not.
	Notice func(query string, w Warning)
}

// QueryError is a batch of query Query that failed: Run's error then.
type QueryError struct {
	Query string
	Err   error
}

// Error names the query and the cause.
func (e *QueryError) Error() string { return "run query " + e.Query + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *QueryError) Unwrap() error { return e.Err }

// ReplayBatch returns the batch the query runs first with the offsets its
// checkpoint logged, because the previous run did not commit it; ok is
// false when the next batch is a new one.
func (q *Query) ReplayBatch() (batchID int64, ok bool) {
	if q.pending == nil {
		return 0, false
	}
	return q.pending.BatchID, true
}
