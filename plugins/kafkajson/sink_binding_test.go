package kafkajson

import (
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
)

// TestBindSink: a kafka-json sink names one topic (ETL-P355) and key
// columns of the loaded contract (ETL-P356), each problem at its option,
// naming the asset, the pipeline or the contract and its columns; an
// unresolved contract checks the topic only.
func TestBindSink(t *testing.T) {
	c := &contracts.Contract{ID: "window", Fields: []contracts.Field{{Name: "customer_id"}, {Name: "window_start"}}}
	tests := []struct {
		name     string
		opts     map[string]profile.Value
		contract *contracts.Contract
		want     []string // code path: message fragment
	}{
		{"one topic, known keys", map[string]profile.Value{"topic": {Str: "w"}, "key": {List: []string{"customer_id", "window_start"}}}, c, nil},
		{"two topics", map[string]profile.Value{"topic": {Str: "w, x"}}, c,
			[]string{"ETL-P355 assets.out.topic: asset out is a Kafka sink of pipeline p, and its topic names 2 topics"}},
		{"unknown key columns", map[string]profile.Value{"topic": {Str: "w"}, "key": {List: []string{"customer", "window_start", "end"}}}, c,
			[]string{`ETL-P356 assets.out.key: key column "customer" of asset out is not a column of contract window`,
				`ETL-P356 assets.out.key: key column "end" of asset out is not a column of contract window`}},
		{"no contract", map[string]profile.Value{"topic": {Str: "w"}, "key": {List: []string{"customer"}}}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := bindSink(&profile.Asset{Name: "out", Options: tc.opts}, tc.contract, "p")
			var lines []string
			for _, d := range got {
				lines = append(lines, d.Code+" "+d.Path+": "+d.Message)
				if d.Severity != diag.Error || d.Hint == "" {
					t.Errorf("%s: severity %v, hint %q; want an error with a hint", d.Code, d.Severity, d.Hint)
				}
				if d.Code == profile.CodeKafkaKey && !strings.Contains(d.Hint, "customer_id, window_start") {
					t.Errorf("hint %q does not list the contract's columns", d.Hint)
				}
			}
			if !slices.Equal(lines, tc.want) {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}
