package stack

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// TestRemoveAllRetriesWhileWritten removes a directory another goroutine
// keeps refilling for a while (as Spark's state store maintenance may):
// removeAll must end with the directory gone.
func TestRemoveAllRetriesWhileWritten(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cp")
	state := filepath.Join(dir, "state", "1", "0", "left-keyToNumValues")
	if err := os.MkdirAll(state, 0o755); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // writes snapshots for 300 ms into the directory being removed
		defer wg.Done()
		for i, end := 0, time.Now().Add(300*time.Millisecond); time.Now().Before(end); i++ {
			_ = os.MkdirAll(state, 0o755)
			_ = os.WriteFile(filepath.Join(state, filepath.Base(t.Name())+string(rune('a'+i%26))), []byte("x"), 0o644)
		}
	}()
	time.Sleep(10 * time.Millisecond)
	err := removeAll(dir, 10*time.Second)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	// The writer may have recreated the directory after a successful
	// removal; a final removal with no writer must succeed at once.
	if err := removeAll(dir, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("%s still exists: %v", dir, err)
	}
}

// TestTempDirRemoved: the directory TempDir returns is gone after the
// test that asked for it ends.
func TestTempDirRemoved(t *testing.T) {
	var dir string
	t.Run("user", func(t *testing.T) {
		dir = TempDir(t)
		if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("%s still exists after the test: %v", dir, err)
	}
}
