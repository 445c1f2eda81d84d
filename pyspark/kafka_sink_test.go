package pyspark_test

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/plugins/kafkajson"
)

// TestKafkaSinkPlanGuarantee: the plan of the kafka_sink case states the
// Kafka sinks' queries at least once, naming the producer and what the
// idempotent producer does not cover; the Delta late sink stays exactly
// once.
func TestKafkaSinkPlanGuarantee(t *testing.T) {
	m := exampleModel(t, "kafka_sink")
	want := map[string]string{"customer_order_windows": planner.AtLeastOnce, "rejected_order_events": planner.AtLeastOnce,
		"late_order_events": planner.EffectivelyExactlyOne}
	for _, q := range m.Pipelines[0].Queries {
		g := q.Guarantee
		if g.Level != want[q.Sink.Asset] {
			t.Errorf("query %s: level %s, want %s (%s)", q.Name, g.Level, want[q.Sink.Asset], g.Statement)
		}
		if q.Sink.Plugin == kafkajson.Name && (!strings.Contains(g.Statement, "Kafka producer") ||
			!strings.Contains(strings.Join(g.Requirements, "\n"), "enable.idempotence")) {
			t.Errorf("query %s: guarantee %+v does not name the producer and its limit", q.Name, g)
		}
	}
}
