//go:build unix

package localengine

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
)

// TestReadAheadSkipsPipes: a named pipe gives its lines once, so the next
// batch's file is not read ahead when it is one: its batch reads it.
func TestReadAheadSkipsPipes(t *testing.T) {
	r := newRoundRig(t, 2)
	pipe := filepath.Join(r.dir, "in", "events-01.jsonl")
	if err := os.Remove(pipe); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}
	eng := r.open(true, nil)
	if err := eng.Run(context.Background(), profile.Trigger{Type: profile.TriggerOnce}, nil); err != nil {
		t.Fatal(err)
	}
	if ra := eng.Queries[0].ahead["order_events"]; ra != nil {
		t.Errorf("the pipe was read ahead: %v", ra.end.Files)
	}
}
