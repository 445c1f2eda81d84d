package irload

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

func TestSharedJoinsTheHashInProgress(t *testing.T) {
	var runs atomic.Int32
	started, release := make(chan struct{}), make(chan struct{})
	hash := func() (keys, error) {
		if runs.Add(1) == 1 {
			close(started)
		}
		<-release
		return keys{Program: "p", Decl: "d"}, nil
	}
	const callers = 4
	var wg sync.WaitGroup
	got := make([]keys, callers)
	wg.Go(func() { got[0], _ = shared("ix", hash) })
	<-started
	for i := 1; i < callers; i++ {
		wg.Go(func() { got[i], _ = shared("ix", hash) })
	}
	for joined := 0; joined < callers-1; runtime.Gosched() { // every caller waits for the flight before it ends
		flights.Lock()
		joined = flights.m["ix"].joined
		flights.Unlock()
	}
	close(release)
	wg.Wait()
	if n := runs.Load(); n != 1 {
		t.Errorf("%d hashes for %d concurrent callers, want 1", n, callers)
	}
	for i, k := range got {
		if k != (keys{Program: "p", Decl: "d"}) {
			t.Errorf("caller %d got %+v", i, k)
		}
	}
	if _, err := shared("ix", func() (keys, error) { runs.Add(1); return keys{}, errors.New("boom") }); err == nil || runs.Load() != 2 {
		t.Errorf("a call after the flight: err %v, %d hashes, want its own hash and error", err, runs.Load())
	}
	if len(flights.m) != 0 {
		t.Errorf("flights left behind: %v", flights.m)
	}
}
