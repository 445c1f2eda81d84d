package faults

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/run"
)

// dedupOrders keeps the first of each event id within a 10-minute
// watermark delay.
var dedupOrders = etl.Transform("dedup-orders",
	func(orders etl.Stream[orderstreaming.OrderEvent], _ etl.NoParams) etl.Stream[orderstreaming.OrderEvent] {
		o := orderstreaming.OrderEventCols
		return orders.WithWatermark(o.EventTime, etl.ParseDuration("10m")).DropDuplicatesWithinWatermark(o.EventID)
	})

// statefulPipeline is the suite's second pipeline: a window aggregate and
// a dedup, each a stateful query into its own file sink, besides the
// rejected events.
var statefulPipeline = etl.NewPipeline("fault-stateful", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
	etl.Load(p, "customer_order_windows", orderstreaming.AggregateCustomerOrders.Step(p, orders.Valid(), orderstreaming.AggregateParams{}))
	etl.Load(p, "unique_order_events", dedupOrders.Step(p, orders.Valid(), etl.NoParams{}))
	etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
})

// pipelines are the pipelines a trial draws from, with their sinks.
var pipelines = []struct {
	p     *etl.Pipeline
	sinks []string
}{
	{orderstreaming.Pipeline, []string{"customer_order_windows", "late_order_events", "rejected_order_events"}},
	{statefulPipeline, []string{"customer_order_windows", "rejected_order_events", "unique_order_events"}},
}

// inputFiles is how many input files a trial writes, one per micro-batch.
const inputFiles = 5

// clock is the processing time of every batch: runs in two directories
// give the same rows.
var clock = time.Date(2026, 7, 15, 14, 0, 0, 0, time.UTC)

// setup is one run directory: inputs, checkpoints and sinks of one
// pipeline under dir.
type setup struct {
	dir   string
	pipe  *etl.Pipeline
	sinks []string
	files [][]byte
}

func (s *setup) in() string  { return filepath.Join(s.dir, "in") }
func (s *setup) cp() string  { return filepath.Join(s.dir, "checkpoints") }
func (s *setup) out() string { return filepath.Join(s.dir, "out") }

// profileYAML binds the source to the input directory, one file per
// micro-batch, and every sink to a file-json directory; a state snapshot
// every second batch, so that snapshots and deltas both exist.
func (s *setup) profileYAML() string {
	var b strings.Builder
	fmt.Fprintf(&b, "name: faults\nengine: local\ntest: true\nexecution:\n  mode: structured-streaming\n  trigger: {type: available-now}\n  checkpoint_root: %s\n  state_snapshot_interval: 2\nassets:\n", strconv.Quote(s.cp()))
	fmt.Fprintf(&b, "  order_events: {plugin: file-json, path: %s, max_files_per_trigger: 1}\n", strconv.Quote(s.in()))
	for _, k := range s.sinks {
		fmt.Fprintf(&b, "  %s: {plugin: file-json, path: %s}\n", k, strconv.Quote(filepath.Join(s.out(), k)))
	}
	return b.String()
}

// model plans the pipeline with the setup's profile.
func (s *setup) model() (*planner.Model, error) {
	prof, l := profile.Parse(filepath.Join(s.dir, "profile.yaml"), []byte(s.profileYAML()))
	if l.HasErrors() {
		return nil, fmt.Errorf("profile: %v", l)
	}
	m, l := planner.Plan(etl.DocumentOf(s.pipe), prof, planner.Options{Pipelines: []string{s.pipe.ID()}})
	if l.HasErrors() {
		return nil, fmt.Errorf("plan: %v", l)
	}
	return m, nil
}

// addInputs writes input files [from, to) that are not there yet.
func (s *setup) addInputs(from, to int) error {
	if err := os.MkdirAll(s.in(), 0o755); err != nil {
		return err
	}
	for i := from; i < to; i++ {
		if err := os.WriteFile(filepath.Join(s.in(), fmt.Sprintf("events-%02d.jsonl", i)), s.files[i], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// open opens the engine as `etlgen run` does.
func (s *setup) open() (*localengine.Engine, error) {
	m, err := s.model()
	if err != nil {
		return nil, err
	}
	return localengine.Open(m, s.pipe.ID(), &localengine.Env{Clock: func() time.Time { return clock }})
}

// runAvailable runs every batch the inputs call for, as an available-now
// `etlgen run`, calling onBatch (when not nil) after each.
func (s *setup) runAvailable(onBatch func(*localengine.Progress)) error {
	eng, err := s.open()
	if err != nil {
		return err
	}
	defer eng.Close()
	return eng.RunAvailable(onBatch)
}

// crash runs the next batch of every query through its sink write and
// state delta and stops before its commit, as a process killed there.
func (s *setup) crash() error {
	eng, err := s.open()
	if err != nil {
		return err
	}
	defer eng.Close()
	for _, q := range eng.Queries {
		if _, err := q.Crash(); err != nil {
			return err
		}
	}
	return nil
}

// first runs the inputs before split, then, when crash, the rest crash
// before their first commit.
func (s *setup) first(split int, crash bool) error {
	if err := s.addInputs(0, split); err != nil {
		return err
	}
	if err := s.runAvailable(nil); err != nil {
		return fmt.Errorf("first run: %w", err)
	}
	if !crash {
		return nil
	}
	if err := s.addInputs(split, len(s.files)); err != nil {
		return err
	}
	if err := s.crash(); err != nil {
		return fmt.Errorf("crash run: %w", err)
	}
	return nil
}

// second adds the rest of the inputs and runs them, calling onBatch after
// each batch, then reads every sink as `etlgen show` does.
func (s *setup) second(split int, onBatch func(*localengine.Progress)) (map[string][]string, error) {
	if err := s.addInputs(split, len(s.files)); err != nil {
		return nil, err
	}
	if err := s.runAvailable(onBatch); err != nil {
		return nil, err
	}
	return s.read()
}

// again runs once more (nothing new to read) and reads every sink.
func (s *setup) again() (map[string][]string, error) {
	if err := s.runAvailable(nil); err != nil {
		return nil, err
	}
	return s.read()
}

// read reads every sink's rows, sorted, as `etlgen show` reads them, with
// the setup's directory written $DIR.
func (s *setup) read() (map[string][]string, error) {
	m, err := s.model()
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, k := range s.sinks {
		r, err := run.ReadSink(context.Background(), m, k, 1<<30)
		if err != nil {
			return nil, err
		}
		var rows []string
		for _, row := range r.Rows {
			rows = append(rows, strings.ReplaceAll(string(row), s.dir, "$DIR"))
		}
		slices.Sort(rows)
		out[k] = rows
	}
	return out, nil
}

// written lists every regular file the engine wrote: under the
// checkpoints and the sinks. A temporary file (".name.tmp") is left out:
// the engine's background snapshot writer renames it into place or
// removes it at any moment, so a fault drawn on it would race with that.
func (s *setup) written() ([]string, error) {
	var out []string
	for _, root := range []string{s.cp(), s.out()} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type().IsRegular() && !(strings.HasPrefix(d.Name(), ".") && strings.HasSuffix(d.Name(), ".tmp")) {
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(out)
	return out, nil
}

// owner is the directory a written file belongs to: its sink directory,
// or its query's checkpoint (the directory holding metadata).
func (s *setup) owner(path string) string {
	for _, k := range s.sinks {
		if d := filepath.Join(s.out(), k); strings.HasPrefix(path, d+string(filepath.Separator)) {
			return d
		}
	}
	for d := filepath.Dir(path); strings.HasPrefix(d, s.cp()); d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "offsets")); err == nil {
			return d
		}
	}
	return filepath.Dir(path)
}

// events draws the input files: valid paid orders of a few customers
// across the hours, repeated event ids (the dedup drops them), payloads
// that break the contract, and events far behind the watermark (late).
func events(rng *rand.Rand) [][]byte {
	base := time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC)
	var files [][]byte
	id := 0
	for f := range inputFiles {
		var b []byte
		for range 4 + rng.IntN(6) {
			at := base.Add(time.Duration(f*40+rng.IntN(40)) * time.Minute)
			ev := id
			switch r := rng.IntN(10); {
			case r == 0:
				b = append(b, `{"event_id":"broken"`...)
				b = append(b, '\n')
				continue
			case r == 1:
				at = base.Add(-time.Hour)
			case r == 2 && id > 0:
				ev = id - 1 - rng.IntN(min(id, 3))
			}
			id++
			b = fmt.Appendf(b, `{"event_id":"e%d","order_id":%d,"customer_id":%d,"order_total":%d.%02d,"status":"paid","event_time":%q}`+"\n",
				ev, 1+rng.IntN(1000), 1+rng.IntN(3), rng.IntN(100), rng.IntN(100), at.Format(time.RFC3339))
		}
		files = append(files, b)
	}
	return files
}
