package localengine

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// onEveryCore calls fn(i) for every i below n, at most GOMAXPROCS calls
// at once, and returns the error of the lowest i that failed: the error
// a loop calling fn in order would have returned first (every fn runs,
// so fn must only read). Checking a run's files one by one (a sink's part
// files, the state files a snapshot merges) left a core idle at the end
// of a run, when nothing else runs beside them.
func onEveryCore(n int, fn func(i int) error) error {
	if n <= 1 {
		if n == 1 {
			return fn(0)
		}
		return nil
	}
	errs := make([]error, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				errs[i] = fn(i)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
