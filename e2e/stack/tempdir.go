package stack

import (
	"errors"
	"os"
	"testing"
	"time"
)

// removeTimeout bounds how long TempDir's cleanup retries the removal.
const removeTimeout = 30 * time.Second

// TempDir returns a new directory for checkpoints, tables or files the
// stack's Spark server writes, removed when tb ends. Unlike tb.TempDir, its
// removal is retried: the server keeps a stateful query's state store
// providers loaded after the query stops, and their maintenance thread
// (every spark.sql.streaming.stateStore.maintenanceInterval) may still
// write a snapshot into the checkpoint while the test's cleanup removes it,
// which makes one os.RemoveAll fail with "directory not empty". A
// directory that still cannot be removed after removeTimeout is logged,
// not failed: the test's verdict is its rows, not the server's
// housekeeping.
func TempDir(tb testing.TB) string {
	tb.Helper()
	dir, err := os.MkdirTemp("", "etlgen-stack-*")
	if err != nil {
		tb.Fatalf("stack temp dir: %v", err)
	}
	tb.Cleanup(func() {
		if err := removeAll(dir, removeTimeout); err != nil {
			tb.Logf("stack temp dir %s left behind: %v", dir, err)
		}
	})
	return dir
}

// removeAll removes dir, retrying with a growing pause while another
// process is still writing into it, for at most timeout.
func removeAll(dir string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	pause := 50 * time.Millisecond
	for {
		err := os.RemoveAll(dir)
		if err == nil {
			return nil
		}
		if time.Now().Add(pause).After(deadline) {
			return errors.Join(err, errors.New("still failing after "+timeout.String()))
		}
		time.Sleep(pause)
		pause = min(2*pause, 2*time.Second)
	}
}
