package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// Signals returns a context the first SIGINT or SIGTERM cancels (its cause
// names the signal), so a command stops gracefully: a run applies the
// profile's stop_policy and stop_timeout. A second one calls exit with
// 128+signal (130 for SIGINT, 143 for SIGTERM) at once, without waiting for
// the graceful stop. Offline work (parsing, planning, generating) is bounded
// by the parser's limits and never polls the context. stop releases the
// signals and the context.
func Signals(parent context.Context, exit func(code int)) (ctx context.Context, stop func()) {
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithCancelCause(parent)
	done := make(chan struct{})
	go func() {
		for n := 0; ; n++ {
			select {
			case s := <-ch:
				if n > 0 {
					exit(128 + signalNumber(s))
					return
				}
				cancel(fmt.Errorf("received %v: stopping (send it again to exit at once)", s))
			case <-done:
				return
			}
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(context.Canceled)
	}
}

// signalNumber returns the number of a syscall signal (SIGINT is 2, SIGTERM
// 15).
func signalNumber(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return int(n)
	}
	return int(syscall.SIGINT)
}
