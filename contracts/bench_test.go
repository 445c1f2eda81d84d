package contracts_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
)

// benchInvalid are rejected order events, one per common failure.
var benchInvalid = []string{
	`{"event_id":"evt-%d","order_id":-1,"customer_id":42,"order_total":19.99,"status":"paid","event_time":"2026-07-15T11:50:00Z"}`,
	`{"event_id":"evt-%d","order_id":1001,"customer_id":42,"order_total":19.999,"status":"paid","event_time":"2026-07-15T11:50:00Z"}`,
	`{"event_id":"evt-%d","order_id":1001,"customer_id":42,"order_total":19.99,"status":"shipped","event_time":"2026-07-15T11:50:00Z"}`,
	`{"event_id":"evt-%d","order_id":1001,"customer_id":42,"order_total":19.99,"status":"paid","event_time":"2026-02-30T11:50:00Z"}`,
	`{"event_id":"evt-%d","order_id":"1001","customer_id":42,"order_total":19.99,"status":"paid","event_time":"2026-07-15T11:50:00Z"}`,
	`{"event_id":"evt-%d","order_id":1001,"customer_id":42,"order_total":19.99,"status":"paid"`,
	`{"order_id":%d,"customer_id":42,"order_total":19.99,"status":"paid","event_time":"2026-07-15T11:50:00Z"}`,
}

const benchValid = `{"event_id":"evt-%d","order_id":%d,"customer_id":%d,"order_total":%d.%02d,"status":"paid","event_time":"2026-07-15T11:%02d:%02d.123Z"}`

// benchPayloads returns n order events, every invalidEvery-th one invalid
// (0: all valid, 1: all invalid).
func benchPayloads(n, invalidEvery int) ([][]byte, int) {
	out := make([][]byte, n)
	size := 0
	for i := range out {
		if invalidEvery > 0 && i%invalidEvery == 0 {
			out[i] = fmt.Appendf(nil, benchInvalid[i%len(benchInvalid)], i)
		} else {
			out[i] = fmt.Appendf(nil, benchValid, i, 1000+i, 1+i%97, i%5000, i%100, i%60, i%60)
		}
		size += len(out[i])
	}
	return out, size / n
}

// BenchmarkValidateOrderEvent measures typed validation of OrderEvent
// payloads on valid, 10 %-invalid and all-invalid mixes.
func BenchmarkValidateOrderEvent(b *testing.B) {
	v, err := contracts.NewValidator[valOrderEvent]()
	if err != nil {
		b.Fatal(err)
	}
	for _, mix := range []struct {
		name  string
		every int
	}{{"valid", 0}, {"mix10", 10}, {"invalid", 1}} {
		b.Run(mix.name, func(b *testing.B) {
			payloads, avg := benchPayloads(1024, mix.every)
			b.SetBytes(int64(avg))
			b.ReportAllocs()
			bad := 0
			cpu := processCPU()
			for i := 0; b.Loop(); i++ {
				if _, rej := v.Validate(payloads[i&1023]); rej != nil {
					bad++
				}
			}
			reportRate(b, processCPU()-cpu)
			if mix.every == 0 && bad > 0 {
				b.Fatalf("%d valid payloads rejected", bad)
			}
		})
	}
}

// BenchmarkValidateRecordOrderEvent measures the untyped core validator.
func BenchmarkValidateRecordOrderEvent(b *testing.B) {
	v, err := contracts.NewRecordValidator(&valOrderEventContract)
	if err != nil {
		b.Fatal(err)
	}
	payloads, avg := benchPayloads(1024, 0)
	b.SetBytes(int64(avg))
	b.ReportAllocs()
	cpu := processCPU()
	for i := 0; b.Loop(); i++ {
		if _, rej := v.Validate(payloads[i&1023]); rej != nil {
			b.Fatal(rej)
		}
	}
	reportRate(b, processCPU()-cpu)
}

// reportRate reports events per wall-clock second and, where measured, per
// second of process CPU time (GC included): the second figure holds when
// other processes compete for the cores.
func reportRate(b *testing.B, cpu time.Duration) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
	if cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "events/cpu-s")
	}
}
