package irload

import "sync"

// flights are the hashes of sources in progress, by index path: validate
// asks for a package's keys twice at once (its contracts check, under the
// declaration key, and the program), and after an edit each would hash
// every file of the module and of etlgen again. A caller that arrives
// while another hashes the same package waits for that hash, begun after
// it was called; one that comes later stats the index as usual.
var flights = struct {
	sync.Mutex
	m map[string]*flight
}{m: map[string]*flight{}}

// flight is one hash in progress and, once done is closed, its result.
type flight struct {
	done   chan struct{}
	joined int // callers waiting for it, under flights' lock
	k      keys
	err    error
}

// shared runs hash for the index at path, or waits for the run in
// progress for it and returns its result.
func shared(path string, hash func() (keys, error)) (keys, error) {
	flights.Lock()
	if f, ok := flights.m[path]; ok {
		f.joined++
		flights.Unlock()
		<-f.done
		return f.k, f.err
	}
	f := &flight{done: make(chan struct{})}
	flights.m[path] = f
	flights.Unlock()
	defer func() {
		flights.Lock()
		delete(flights.m, path)
		flights.Unlock()
		close(f.done)
	}()
	f.k, f.err = hash()
	return f.k, f.err
}
