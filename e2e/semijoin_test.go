package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/e2e/semijoin"
	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/testkit"
)

// semiBatch is one arrival batch of the semi-join pipeline: the orders and
// payments produced before one run.
type semiBatch struct {
	orders   []semijoin.Order
	payments []semijoin.Payment
}

func semiOrder(id, customer int64, hhmm string) semijoin.Order {
	return semijoin.Order{OrderID: id, CustomerID: customer, EventTime: at(hhmm)}
}

func semiPayment(id string, order int64, hhmm string) semijoin.Payment {
	return semijoin.Payment{PaymentID: id, PaidOrderID: order, PaidAt: at(hhmm)}
}

// semiBatches are three arrival batches for e2e/semijoin (watermark delay
// 10m on both inputs; a payment matches when order time <= paid_at <= order
// time + 1h). The global watermark (the minimum of the two) is 10:00 after
// batch 1 and 10:40 after batch 2.
var semiBatches = []semiBatch{
	{ // order 3 and its payment arrive together; payment 9 comes before its order
		orders:   []semijoin.Order{semiOrder(1, 7, "10:00"), semiOrder(2, 8, "10:05"), semiOrder(3, 7, "10:10")},
		payments: []semijoin.Payment{semiPayment("p3", 3, "10:20"), semiPayment("p9", 9, "10:15")},
	},
	{ // order 1 gets two payments: emitted once; order 2's payment is too
		// late (10:05 + 1h < 11:30); order 9 meets the stored payment p9
		orders: []semijoin.Order{semiOrder(9, 8, "10:05"), semiOrder(4, 7, "10:50")},
		payments: []semijoin.Payment{semiPayment("p1a", 1, "10:30"), semiPayment("p1b", 1, "10:40"),
			semiPayment("p2", 2, "11:30")},
	},
	{ // order 4 meets its payment; order 5 is behind the watermark (10:40)
		// and dropped although its payment comes; order 6 is paid before it
		// was placed (outside the range)
		orders: []semijoin.Order{semiOrder(5, 8, "10:30"), semiOrder(6, 7, "11:10")},
		payments: []semijoin.Payment{semiPayment("p4", 4, "11:00"), semiPayment("p5", 5, "10:45"),
			semiPayment("p6", 6, "11:05")},
	},
}

// semiBatchesRW are three arrival batches for PipelineRightWatermark
// (watermark 10m on the payments only, so the global watermark is theirs:
// 11:30 after batch 1). Spark drops no late order, evicts no state, and so
// runs no no-data batch: a batch judges late rows against the watermark of
// the batch before it (0 for batch 2, 11:30 for batch 3).
var semiBatchesRW = []semiBatch{
	{ // order 2 meets its payment in the same batch
		orders: []semijoin.Order{semiOrder(1, 7, "10:00"), semiOrder(2, 8, "10:05")},
		payments: []semijoin.Payment{semiPayment("p2", 2, "10:30"), semiPayment("p7", 7, "10:50"),
			semiPayment("px", 99, "11:40")},
	},
	{ // order 7 is far behind the watermark but the orders have none: it
		// meets the stored p7; p1 is not late yet (see above): order 1
		orders:   []semijoin.Order{semiOrder(7, 7, "10:00")},
		payments: []semijoin.Payment{semiPayment("p1", 1, "10:45"), semiPayment("p3", 3, "11:50")},
	},
	{ // order 3 meets the stored p3; p8 is behind 11:30: dropped
		orders:   []semijoin.Order{semiOrder(3, 8, "11:20"), semiOrder(8, 8, "10:00")},
		payments: []semijoin.Payment{semiPayment("p8", 8, "10:10")},
	},
}

// semiCase is one pipeline of e2e/semijoin with its batches and the rows
// both engines must load; asset names end with suffix.
type semiCase struct {
	name    string
	p       *etl.Pipeline
	suffix  string
	batches []semiBatch
	want    []string
}

var semiCases = []semiCase{
	{"watermarks on both inputs", semijoin.Pipeline, "", semiBatches, semiWant},
	{"watermark on the right input only", semijoin.PipelineRightWatermark, "_rw", semiBatchesRW,
		[]string{orderRow(semiOrder(1, 7, "10:00")), orderRow(semiOrder(2, 8, "10:05")), orderRow(semiOrder(3, 8, "11:20")),
			orderRow(semiOrder(7, 7, "10:00"))}},
}

// semiWant is what both engines must load: each paid order once.
var semiWant = []string{orderRow(semiOrder(1, 7, "10:00")), orderRow(semiOrder(3, 7, "10:10")),
	orderRow(semiOrder(4, 7, "10:50")), orderRow(semiOrder(9, 8, "10:05"))}

func orderRow(o semijoin.Order) string {
	return fmt.Sprintf("%d|%d|%d", o.OrderID, o.CustomerID, o.EventTime.UnixMicro())
}

// semiLocal runs the case's batches on the local engine, one micro-batch
// each, and returns the loaded rows.
func semiLocal(t *testing.T, c semiCase) []string {
	t.Helper()
	rt := testkit.Start(t, c.p)
	for _, b := range c.batches {
		testkit.AddEvents(rt, "orders"+c.suffix, b.orders...)
		testkit.AddEvents(rt, "payments"+c.suffix, b.payments...)
		rt.ProcessAllAvailable()
	}
	var out []string
	for _, o := range testkit.Table[semijoin.Order](rt, "paid_orders"+c.suffix).Rows() {
		out = append(out, orderRow(o))
	}
	sort.Strings(out)
	return out
}

// TestSemiJoinLocalEngine: the local engine's stream–stream left semi joins
// over the cases' batches (offline).
func TestSemiJoinLocalEngine(t *testing.T) {
	for _, c := range semiCases {
		t.Run(c.name, func(t *testing.T) {
			diffRows(t, "local engine paid_orders"+c.suffix, c.want, semiLocal(t, c))
		})
	}
}

const semiProfile = `# e2e/semijoin on the stack (TestSemiJoinParity).
name: e2e
engine: pyspark
test: true
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: %[1]s
  stop_policy: finish-batch
  stop_timeout: 2m
assets:
  orders: {plugin: kafka-json, resource: kafka, topic: %[2]s_orders, starting_offsets: earliest, fail_on_data_loss: true}
  payments: {plugin: kafka-json, resource: kafka, topic: %[2]s_payments, starting_offsets: earliest, fail_on_data_loss: true}
  paid_orders: {plugin: delta, table: %[2]s_db.paid_orders, write_mode: append}
  orders_rw: {plugin: kafka-json, resource: kafka, topic: %[2]s_orders_rw, starting_offsets: earliest, fail_on_data_loss: true}
  payments_rw: {plugin: kafka-json, resource: kafka, topic: %[2]s_payments_rw, starting_offsets: earliest, fail_on_data_loss: true}
  paid_orders_rw: {plugin: delta, table: %[2]s_db.paid_orders_rw, write_mode: append}
resources:
  spark: {connect_url: "%[3]s", session_timezone: UTC, spark_version: "%[5]s"}
  kafka: {kind: kafka, bootstrap_servers: "%[4]s", security_protocol: PLAINTEXT}
`

// TestSemiJoinParity runs the pipelines of e2e/semijoin on Spark
// (available-now, one run per arrival batch, on one checkpoint) and on the
// local engine, and requires both to load the rows the case expects: each
// paid order once.
func TestSemiJoinParity(t *testing.T) {
	t.Parallel() // after the tests that kill processes (doc.go, "Running"); isolated by unique names
	stack.Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), 25*time.Minute)
	defer cancel()
	e := &pipelineEnv{t: t, spark: stack.Spark(t), kafka: stack.NewKafka(t), profileDir: stack.TempDir(t)}
	id := stack.Unique("e2e_semi")
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		_, _ = e.spark.Query(ctx, "DROP DATABASE IF EXISTS "+id+"_db CASCADE")
	})
	prof := filepath.Join(e.profileDir, "spark.yaml")
	yaml := fmt.Sprintf(semiProfile, filepath.Join(e.profileDir, "checkpoints"), id, stack.SparkRemote(), stack.KafkaBootstrap(), stack.SparkLine())
	if err := os.WriteFile(prof, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(e.profileDir, "program")
	cmd := exec.CommandContext(ctx, etlgen(t), "compile", "./e2e/semijoin", "--profile", prof, "-o", out)
	cmd.Dir = repoRoot
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("etlgen compile: %v\n%s", err, b)
	}
	for _, c := range semiCases {
		t.Run(c.name, func(t *testing.T) {
			e.t = t
			ordersTopic, paymentsTopic := id+"_orders"+c.suffix, id+"_payments"+c.suffix
			e.kafka.CreateTopic(ctx, ordersTopic, 1)
			e.kafka.CreateTopic(ctx, paymentsTopic, 1)
			prog := filepath.Join(out, strings.ReplaceAll(c.p.ID(), "-", "_")+".py")
			for i, b := range c.batches {
				if len(b.orders) > 0 {
					e.kafka.Produce(ctx, ordersTopic, jsonValues(t, b.orders)...)
				}
				if len(b.payments) > 0 {
					e.kafka.Produce(ctx, paymentsTopic, jsonValues(t, b.payments)...)
				}
				res := e.runToEnd(ctx, prog)
				t.Logf("run %d: %d batch lines", i+1, len(res.Batches))
			}
			table := id + "_db.paid_orders" + c.suffix
			got := e.values(ctx, "SELECT concat_ws('|', order_id, customer_id, unix_micros(event_time)) FROM "+table)
			diffRows(t, "Spark "+table, c.want, got)
			diffRows(t, "local engine paid_orders"+c.suffix+" vs Spark", got, semiLocal(t, c))
		})
	}
}

func jsonValues[T any](t *testing.T, vs []T) [][]byte {
	t.Helper()
	out := make([][]byte, len(vs))
	for i, v := range vs {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = b
	}
	return out
}
