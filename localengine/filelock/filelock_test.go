package filelock_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/etlgen/etlgen/localengine/filelock"
)

// TestTryLock takes a lock, fails to take it again while held (flock
// locks are per open file, so a second open in this process conflicts
// like another process would), and takes it after Unlock.
func TestTryLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lock")
	l, err := filelock.TryLock(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Replace([]byte("holder\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := filelock.TryLock(path); !errors.Is(err, filelock.ErrHeld) {
		t.Fatalf("second lock: err = %v, want ErrHeld", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "holder\n" {
		t.Errorf("content = %q", data)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	if err := l.Unlock(); err != nil {
		t.Errorf("second unlock: %v", err)
	}
	l2, err := filelock.TryLock(path)
	if err != nil {
		t.Fatalf("lock after unlock: %v", err)
	}
	l2.Unlock()
}
