package localengine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
)

// hangingProducer is a broker that takes a batch's records but does not
// acknowledge them until the test releases it, whatever the context says
// (a request in flight to a broker that stopped answering).
type hangingProducer struct {
	producing, release chan struct{}
	topics             MemoryTopics
}

func (h *hangingProducer) Produce(ctx context.Context, topic string, recs []KafkaRecord) error {
	h.producing <- struct{}{}
	<-h.release
	return h.topics.Produce(ctx, topic, recs)
}

// TestKafkaSinkStop: a stop while a kafka-json sink waits for the broker.
// cancel-batch, and finish-batch past its stop_timeout, abandon the batch
// within a second, uncommitted, though the broker never answers;
// finish-batch waits for the acknowledgement and commits. A restart
// produces what was not acknowledged: every record once in the topic.
func TestKafkaSinkStop(t *testing.T) {
	tests := []struct {
		name      string
		exec      map[string]string
		abandoned bool
	}{
		{"cancel-batch", map[string]string{"stop_policy": "cancel-batch"}, true},
		{"finish-batch past stop_timeout", map[string]string{"stop_policy": "finish-batch", "stop_timeout": "50ms"}, true},
		{"finish-batch", map[string]string{"stop_policy": "finish-batch"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newFileSinkRig(t, tt.exec)
			r.add(2)
			broker := &hangingProducer{producing: make(chan struct{}), release: make(chan struct{})}
			r.env.Sinks = map[string]Sink{"out": &KafkaSink{Topic: "t", Producer: broker}}
			r.reopen()
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- r.eng.Run(ctx, profile.Trigger{Type: profile.TriggerAvailableNow}, nil) }()
			<-broker.producing
			cancel()
			stopped := time.Now()
			if !tt.abandoned {
				time.Sleep(100 * time.Millisecond)
				close(broker.release)
			}
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("the run did not stop within 5s of the stop")
			}
			if took := time.Since(stopped); tt.abandoned && took > time.Second {
				t.Errorf("the run stopped %s after the stop; want within 1s", took)
			}
			_, committed := os.Stat(filepath.Join(r.query().Checkpoint, "commits", "0"))
			if tt.abandoned != (committed != nil) || tt.abandoned != (len(r.eng.Abandoned) == 1) {
				t.Fatalf("abandoned %v, commits/0 %v; want abandoned %v", r.eng.Abandoned, committed, tt.abandoned)
			}
			if tt.abandoned {
				// the broker never acknowledged: the restart produces the batch
				r.env.Sinks = map[string]Sink{"out": &KafkaSink{Topic: "t", Producer: &broker.topics}}
				r.reopen()
				if err := r.eng.RunAvailable(nil); err != nil {
					t.Fatal(err)
				}
			}
			if got := broker.topics.Records("t"); len(got) != 2 {
				t.Errorf("the topic holds %d records; want 2: %q", len(got), got)
			}
		})
	}
}
