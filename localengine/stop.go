package localengine

import (
	"context"
	"errors"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
)

// AbandonedBatch is a batch a stop abandoned: its offsets are logged, it is
// not committed, and the next start runs it again with the same offsets.
type AbandonedBatch struct {
	Query   string
	BatchID int64
}

// errAbandoned is how a batch in flight reports that the stop abandoned it.
var errAbandoned = errors.New("batch abandoned by the stop")

// abortOn returns a channel that closes when the batch in flight must be
// abandoned after ctx ended, as the profile's stop policy says (Spark's
// query.stop() after the policy's wait): cancel-batch at once;
// finish-batch once stop_timeout passed with the batch still running
// (never, with no timeout). done stops the watch.
func (e *Engine) abortOn(ctx context.Context) (abort <-chan struct{}, done func()) {
	switch {
	case e.stop.StopPolicy == profile.StopCancelBatch:
		return ctx.Done(), func() {}
	case e.stop.StopTimeout <= 0:
		return nil, func() {}
	}
	ch, quit := make(chan struct{}), make(chan struct{})
	go func() {
		select {
		case <-quit:
			return
		case <-ctx.Done():
		}
		t := time.NewTimer(e.stop.StopTimeout)
		defer t.Stop()
		select {
		case <-quit:
		case <-t.C:
			close(ch)
		}
	}()
	return ch, func() { close(quit) }
}

// aborted reports whether abort has closed; a nil abort never does.
func aborted(abort <-chan struct{}) bool {
	select {
	case <-abort:
		return true
	default:
		return false
	}
}
