package localengine

import (
	"context"
	"errors"
)

// ContextSink is a Sink whose Write waits on something outside the
// process (a broker): WriteContext gives up when ctx ends, so that a stop
// that abandons the batch in flight (the stop policy, stop.go) does not
// wait for the write. The batch is then uncommitted and runs again with
// the same offsets at the next start.
type ContextSink interface {
	Sink
	WriteContext(ctx context.Context, checkpoint string, batchID int64, s *Schema, rows []Row) (skipped bool, err error)
}

// writeSink writes a batch to s, through WriteContext when s is a
// ContextSink.
func writeSink(ctx context.Context, s Sink, checkpoint string, id int64, sc *Schema, rows []Row) (bool, error) {
	if cs, ok := s.(ContextSink); ok {
		return cs.WriteContext(ctx, checkpoint, id, sc, rows)
	}
	return s.Write(checkpoint, id, sc, rows)
}

// abortContext is a context that ends when abort closes (never for a nil
// abort); stop releases it.
func abortContext(abort <-chan struct{}) (ctx context.Context, stop func()) {
	if abort == nil {
		return context.Background(), func() {}
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	quit := make(chan struct{})
	go func() {
		select {
		case <-abort:
			cancel(errAbandoned)
		case <-quit:
		}
	}()
	return ctx, func() { close(quit); cancel(nil) }
}

// abandonedWrite says whether err is a write that gave up because the
// stop abandoned the batch.
func abandonedWrite(ctx context.Context, err error) bool {
	return err != nil && errors.Is(context.Cause(ctx), errAbandoned)
}
