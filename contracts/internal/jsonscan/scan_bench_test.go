package jsonscan

import (
	"fmt"
	"testing"
)

// BenchmarkParse measures the scanner alone on order-event payloads.
func BenchmarkParse(b *testing.B) {
	payloads := make([][]byte, 1024)
	size := 0
	for i := range payloads {
		payloads[i] = fmt.Appendf(nil, `{"event_id":"evt-%d","order_id":%d,"customer_id":%d,"order_total":%d.%02d,"status":"paid","event_time":"2026-07-15T11:%02d:%02d.123Z"}`,
			i, 1000+i, 1+i%97, i%5000, i%100, i%60, i%60)
		size += len(payloads[i])
	}
	b.SetBytes(int64(size / len(payloads)))
	var p Parser
	for i := 0; b.Loop(); i++ {
		if err := p.Parse(payloads[i&1023]); err != nil {
			b.Fatal(err)
		}
	}
}
