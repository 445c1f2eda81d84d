package localengine

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
)

// gateSource is a memory stream whose reads wait for the test: reading
// receives once a read started, release lets it go on.
type gateSource struct {
	*MemoryStream
	reading, release chan struct{}
}

func (g *gateSource) Read(start, end Offset) ([]Payload, error) {
	g.reading <- struct{}{}
	<-g.release
	return g.MemoryStream.Read(start, end)
}

// TestRunStopPolicy: ctx ends while batch 0 is in flight, with more data
// waiting. finish-batch commits batch 0 and starts no other; cancel-batch,
// and finish-batch past its stop_timeout, abandon it uncommitted. Either
// way a restart continues with no row lost or doubled.
func TestRunStopPolicy(t *testing.T) {
	tests := []struct {
		name      string
		exec      map[string]string
		wait      time.Duration // between the stop and the read's end
		abandoned bool
	}{
		{"finish-batch", map[string]string{"stop_policy": "finish-batch"}, 50 * time.Millisecond, false},
		{"cancel-batch", map[string]string{"stop_policy": "cancel-batch"}, 0, true},
		{"finish-batch past stop_timeout", map[string]string{"stop_policy": "finish-batch", "stop_timeout": "10ms"}, 300 * time.Millisecond, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newFileSinkRig(t, tt.exec)
			r.add(2)
			gate := &gateSource{MemoryStream: r.env.Memory["in"], reading: make(chan struct{}), release: make(chan struct{})}
			r.env.Sources = map[string]Source{"in": gate}
			r.reopen()
			ctx, cancel := context.WithCancel(context.Background())
			var ran []int64
			done := make(chan error)
			go func() {
				done <- r.eng.Run(ctx, profile.Trigger{Type: profile.TriggerAvailableNow}, func(p *Progress) { ran = append(ran, p.BatchID) })
			}()
			<-gate.reading
			r.add(1) // batch 1's data, which must wait for the next run
			cancel()
			time.Sleep(tt.wait)
			close(gate.release)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			cp := r.query().Checkpoint
			_, committed := os.Stat(filepath.Join(cp, "commits", "0"))
			if tt.abandoned != (committed != nil) || tt.abandoned != (len(r.eng.Abandoned) == 1) || tt.abandoned == slices.Equal(ran, []int64{0}) {
				t.Fatalf("ran %v, abandoned %v, commits/0 %v; want abandoned %v", ran, r.eng.Abandoned, committed, tt.abandoned)
			}
			if _, err := os.Stat(filepath.Join(cp, "offsets", "1")); err == nil {
				t.Error("batch 1 started after the stop")
			}
			r.env.Sources = nil
			r.reopen()
			if err := r.eng.RunAvailable(nil); err != nil {
				t.Fatal(err)
			}
			if rows := r.committed(); len(rows) != 3 {
				t.Errorf("after the restart %d rows, want 3: %v", len(rows), rows)
			}
		})
	}
}
