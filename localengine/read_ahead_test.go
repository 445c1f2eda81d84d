package localengine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
)

// rejectsOnly loads the order events that break the contract, alone.
var rejectsOnly = etl.NewPipeline("rejects-only", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
	etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](events.Invalid()))
})

// TestReadAheadStampsRejections: under Run a query reads every batch
// after its first ahead, validated at the batch timestamp before; each
// rejected row still carries the timestamp of the batch that wrote it, as
// with no read ahead.
func TestReadAheadStampsRejections(t *testing.T) {
	r := newPipelineRig(t, rejectsOnly, []string{"rejected_order_events"}, 4)
	var mu sync.Mutex
	now := time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { // a second later at every call
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(time.Second)
		return now
	}
	eng, err := Open(r.m, r.p.ID(), &Env{Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	if err := eng.Run(context.Background(), profile.Trigger{Type: profile.TriggerAvailableNow}, nil); err != nil {
		t.Fatal(err)
	}
	if n := eng.Queries[0].aheadRead; n != 3 {
		t.Errorf("the query's batches took %d read aheads, want 3 (every batch after the first)", n)
	}
	q, _ := eng.Query("rejected_order_events")
	parts, err := CommittedFiles(filepath.Join(r.dir, "out", "rejected_order_events"))
	if err != nil || len(parts) != 4 {
		t.Fatalf("rejected parts %v, %v; want 4", parts, err)
	}
	for i, p := range parts {
		var ol OffsetLog
		if err := q.cp.readJSON("offsets", int64(i), &ol); err != nil {
			t.Fatal(err)
		}
		want := time.UnixMilli(ol.BatchTimestampMs).UTC()
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var row struct {
				ObservedAt time.Time `json:"observed_at"`
			}
			if err := json.Unmarshal([]byte(line), &row); err != nil {
				t.Fatal(err)
			}
			if !row.ObservedAt.Equal(want) {
				t.Errorf("batch %d: a rejection observed at %s, want the batch's %s", i, row.ObservedAt, want)
			}
		}
	}
}

// TestReadAheadDropped: a file that grew after it was read ahead is read
// again by its batch, whole.
func TestReadAheadDropped(t *testing.T) {
	r := newRoundRig(t, 2)
	eng := r.open(true, nil)
	once := profile.Trigger{Type: profile.TriggerOnce}
	if err := eng.Run(context.Background(), once, nil); err != nil {
		t.Fatal(err)
	}
	w := eng.Queries[0]
	if w.ahead["order_events"] == nil {
		t.Fatal("no read ahead after the first batch")
	}
	f, err := os.OpenFile(filepath.Join(r.dir, "in", "events-01.jsonl"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(append(msEvent("grown", 1, 1, "2026-07-15T11:59:00Z"), '\n')); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var in []int
	if err := eng.Run(context.Background(), once, func(p *Progress) { in = append(in, p.InputRows) }); err != nil {
		t.Fatal(err)
	}
	if w.aheadRead != 0 || len(in) == 0 || in[0] != 41 {
		t.Errorf("after the file grew: %d read aheads taken, input rows %v; want none, 41 (the line added too)", w.aheadRead, in)
	}
}
