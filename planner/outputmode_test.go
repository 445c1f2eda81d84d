package planner

import (
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// TestInferMode checks the output-mode rule against the guide's table.
func TestInferMode(t *testing.T) {
	merge := bindAsset(t, "{plugin: delta, table: t, write_mode: foreach-batch-merge}", profile.RoleMergeSink, "id")
	appendOnly := bindAsset(t, "{plugin: delta, table: t}", profile.RoleAppendSink)
	memory := bindAsset(t, "{plugin: memory}", profile.RoleAppendSink)
	agg := func(wm bool, kind ir.WindowKind) *facts {
		op := StatefulOp{Kind: "aggregate"}
		if wm {
			op.Watermark = "event_time"
		}
		return &facts{aggs: 1, session: kind == ir.Session, stateful: []StatefulOp{op}}
	}
	tests := []struct {
		name   string
		f      *facts
		sink   *profile.AssetBinding
		forced string
		want   string
	}{
		{"projection", &facts{}, appendOnly, "", ModeAppend},
		{"projection into merge", &facts{}, merge, "", ModeAppend},
		{"watermarked agg into merge", agg(true, ir.Tumbling), merge, "", ModeUpdate},
		{"watermarked agg into append sink", agg(true, ir.Tumbling), appendOnly, "", ModeAppend},
		{"agg without watermark into merge", agg(false, ir.Tumbling), merge, "", ModeUpdate},
		{"agg without watermark into append sink (S401 follows)", agg(false, ir.Tumbling), appendOnly, "", ModeAppend},
		{"agg without watermark into memory", agg(false, ir.Tumbling), memory, "", ModeComplete},
		{"watermarked agg into memory", agg(true, ir.Tumbling), memory, "", ModeAppend},
		{"session window into merge", agg(true, ir.Session), merge, "", ModeAppend},
		{"session window without watermark into merge", agg(false, ir.Session), merge, "", ModeComplete},
		{"join then agg into merge", &facts{aggs: 1, streamJoin: true, stateful: []StatefulOp{{Kind: "streamJoin"}, {Kind: "aggregate", Watermark: "t"}}}, merge, "", ModeAppend},
		{"forced", &facts{}, appendOnly, ModeComplete, ModeComplete},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := &query{sink: tt.sink, forcedMode: tt.forced, root: &qnode{facts: tt.f}}
			q.inferMode()
			if q.mode != tt.want {
				t.Errorf("mode = %s (%s), want %s", q.mode, q.reason, tt.want)
			}
			if q.reason == "" {
				t.Error("no reason given")
			}
		})
	}
}
