package localengine

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestCheckpointLock: a second engine on the same checkpoints fails fast
// with ETL-K520 naming the holder (this process); Close releases the lock
// (twice is harmless) and the next Open succeeds.
func TestCheckpointLock(t *testing.T) {
	r := newFileSinkRig(t, nil)
	second, err := Open(r.m, "p", r.env)
	var le *LockedError
	if !errors.As(err, &le) || second != nil {
		t.Fatalf("second open: %v; want a LockedError", err)
	}
	host, _ := os.Hostname()
	if le.Holder == nil || le.Holder.PID != os.Getpid() || le.Holder.Host != host || le.Holder.Started.IsZero() {
		t.Errorf("holder = %+v; want pid %d on %s", le.Holder, os.Getpid(), host)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, CodeCheckpointLocked+": ") || !strings.Contains(msg, "pid "+strconv.Itoa(os.Getpid())) {
		t.Errorf("message %q names neither the code nor the pid", msg)
	}
	if err := r.eng.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.eng.Close(); err != nil {
		t.Errorf("second close: %v", err)
	}
	r.eng = nil
	r.reopen()
	r.batch()
}
