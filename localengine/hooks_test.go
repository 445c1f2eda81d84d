package localengine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestHooks: Run calls BatchStarted before each batch's callback (with the
// batch id, replay for a batch a crashed run logged and did not commit),
// and Idle only under a processing-time trigger, when a trigger finds
// nothing to run.
func TestHooks(t *testing.T) {
	tests := []struct {
		name    string
		trigger profile.Trigger
		crash   bool // the previous run died before committing batch 0
		want    []string
	}{
		{"available-now", profile.Trigger{Type: profile.TriggerAvailableNow}, false,
			[]string{"start 0", "done 0", "start 1", "done 1", "start 2", "done 2"}},
		{"once", profile.Trigger{Type: profile.TriggerOnce}, false, []string{"start 0", "done 0"}},
		{"replay after a crash", profile.Trigger{Type: profile.TriggerAvailableNow}, true,
			[]string{"start 0 replay", "done 0", "start 1", "done 1", "start 2", "done 2"}},
		{"processing-time", profile.Trigger{Type: profile.TriggerProcessingTime, Interval: time.Millisecond}, false,
			[]string{"start 0", "done 0", "start 1", "done 1", "start 2", "done 2", "idle"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := fileModel(t, 3)
			eng := openEngine(t, m)
			if tt.crash {
				if _, err := eng.Queries[0].Crash(); err != nil {
					t.Fatal(err)
				}
				eng.Close()
				eng = openEngine(t, m)
				if id, ok := eng.Queries[0].ReplayBatch(); !ok || id != 0 {
					t.Fatalf("ReplayBatch = %d, %v after the crash; want 0, true", id, ok)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			var got []string
			eng.Hooks = Hooks{
				BatchStarted: func(q string, id int64, replay bool) {
					s := fmt.Sprintf("start %d", id)
					if replay {
						s += " replay"
					}
					got = append(got, s)
				},
				Idle: func(q string) {
					got = append(got, "idle")
					cancel() // the first idle trigger ends the run
				},
			}
			if err := eng.Run(ctx, tt.trigger, func(p *Progress) { got = append(got, fmt.Sprintf("done %d", p.BatchID)) }); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("hooks and batches = %v, want %v", got, tt.want)
			}
		})
	}
}

// openEngine opens pipeline "p" of m, closed when the test ends.
func openEngine(t *testing.T, m *planner.Model) *Engine {
	t.Helper()
	eng, err := Open(m, "p", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = eng.Close() })
	return eng
}

// TestQueryError: a failed batch is a *QueryError naming its query.
func TestQueryError(t *testing.T) {
	err := error(&QueryError{Query: "q", Err: errors.New("boom")})
	var qe *QueryError
	if !errors.As(fmt.Errorf("wrap: %w", err), &qe) || qe.Query != "q" || err.Error() != "run query q: boom" {
		t.Errorf("QueryError = %v", err)
	}
}
