package testkit_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/testkit"
)

// Tick is a row of the rate source.
type Tick struct {
	Timestamp time.Time `json:"timestamp" contract:"eventtime"`
	Value     int64     `json:"value"`
}

func init() {
	c, err := contracts.FromType(reflect.TypeFor[Tick]())
	if err != nil {
		panic(err)
	}
	contracts.MustRegister(reflect.TypeFor[Tick](), c)
}

var ticksPipeline = etl.NewPipeline("ticks", "1.0.0", func(p *etl.Builder) {
	etl.Load(p, "out", etl.Extract[Tick](p, "ticks").Valid())
})

// TestRateSource: the rate plugin runs on the local engine, its rows
// driven by the processing-time clock, continuing after a restart.
func TestRateSource(t *testing.T) {
	rt := testkit.Start(t, ticksPipeline, testkit.ProfileYAML(`name: test
engine: local
test: true
execution: {mode: structured-streaming, trigger: {type: available-now}, checkpoint_root: `+t.TempDir()+`}
assets:
  ticks: {plugin: rate, rows_per_second: 2}
  out: {plugin: memory}
`))
	t0 := rt.Now()
	rt.AdvanceProcessingTime(time.Second)
	rt.ProcessAllAvailable()
	rt.Restart()
	rt.AdvanceProcessingTime(1500 * time.Millisecond)
	rt.ProcessAllAvailable()
	want := []Tick{{t0, 0}, {t0.Add(500 * time.Millisecond), 1}, {t0.Add(time.Second), 2}, {t0.Add(1500 * time.Millisecond), 3}}
	testkit.RowsEqual(t, testkit.Table[Tick](rt, "out").Rows(), want)
}
