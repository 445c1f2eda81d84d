package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/pyspark"
)

func TestSparkBatchLineShowsDeltaOffsets(t *testing.T) {
	tests := []struct {
		name       string
		start, end string
		want       string
	}{
		{"delta-cdf", `{"sourceVersion":1,"reservoirId":"r","reservoirVersion":3,"index":-1,"isStartingVersion":false}`,
			`{"sourceVersion":1,"reservoirId":"r","reservoirVersion":5,"index":-1,"isStartingVersion":false}`,
			` startOffset={"sourceVersion":1,"reservoirId":"r","reservoirVersion":3,"index":-1,"isStartingVersion":false} endOffset={"sourceVersion":1,"reservoirId":"r","reservoirVersion":5,"index":-1,"isStartingVersion":false}`},
		{"first batch", `null`, `{"reservoirVersion": 2}`, ` startOffset=- endOffset={"reservoirVersion":2}`},
		{"kafka", `{"t":{"0":1}}`, `{"t":{"0":5}}`, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			b := &pyspark.Batch{Query: "q", StartOffsets: json.RawMessage(tt.start), EndOffsets: json.RawMessage(tt.end)}
			printSparkEvent(&out, pyspark.Event{Kind: "batch", Batch: b}, false)
			line := out.String()
			if !strings.HasSuffix(line, tt.want+"\n") || (tt.want == "" && strings.Contains(line, "Offset=")) {
				t.Errorf("batch line = %q, want suffix %q", line, tt.want)
			}
		})
	}
}

func TestSparkResumePosition(t *testing.T) {
	rep := &sparkReport{Queries: []sparkQueryReport{
		{Name: "customers", FinalOffsets: json.RawMessage(`{"reservoirVersion": 7}`)},
		{Name: "orders", FinalOffsets: json.RawMessage(`{"t":{"0":5}}`)},
	}}
	var out bytes.Buffer
	printResumePositions(&out, rep)
	want := "resume position customers: {\"reservoirVersion\":7} (the checkpoint's last committed end offset)\n"
	if out.String() != want {
		t.Errorf("resume positions = %q, want %q", out.String(), want)
	}
}
