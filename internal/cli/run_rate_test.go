package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// TestRunRateLocal: a pipeline reading the rate plugin passes validate and
// runs on the local engine: a fresh run has no whole second to read yet;
// the next run reads the seconds since the first one started, from value 0.
func TestRunRateLocal(t *testing.T) {
	dir := t.TempDir()
	tick := contracts.Contract{ID: "tick", Version: "1.0.0", Name: "tick", Fields: []contracts.Field{
		{Name: "timestamp", Type: contracts.Type{Kind: contracts.KindTimestamp}, Required: true, EventTime: true},
		{Name: "value", Type: contracts.Type{Kind: contracts.KindInt64}, Required: true}}}
	doc := &ir.Document{IRVersion: ir.Version, Contracts: []contracts.Contract{tick}, Pipelines: []ir.Pipeline{{
		ID: "ticks", Version: "1.0.0", Extracts: []ir.Extract{{Asset: "ticks", Contract: "tick"}},
		Loads: []ir.Load{{Asset: "out", From: ir.Ref{Node: "ticks", Port: ir.PortValid}, Contract: "tick"}}}}}
	data, err := ir.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	irFile, prof := filepath.Join(dir, "ticks.ir.json"), filepath.Join(dir, "local.yaml")
	yaml := "name: local\nengine: local\ntest: true\nexecution: {trigger: available-now, checkpoint_root: " + filepath.Join(dir, "checkpoints") +
		"}\nassets:\n  ticks: {plugin: rate, rows_per_second: 5}\n  out: {plugin: file-json, path: " + filepath.Join(dir, "out") + "}\n"
	for path, data := range map[string][]byte{irFile: data, prof: []byte(yaml)} {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, args := range [][]string{{"validate"}, {"run"}, {"run"}} {
		if i == 2 {
			time.Sleep(1100 * time.Millisecond) // a whole second of rows
		}
		code, stdout, stderr := runCLI(append(args, "--ir", irFile, "--profile", prof)...)
		if code != ExitOK {
			t.Fatalf("%s: exit %d\nstdout:\n%s\nstderr:\n%s", args[0], code, stdout, stderr)
		}
	}
	rows := readLines(t, filepath.Join(dir, "out"))
	if len(rows) < 5 || len(rows)%5 != 0 || !strings.Contains(rows[0], `"value":0}`) {
		t.Errorf("rows after the second run: %d, want whole seconds of 5 from value 0:\n%s", len(rows), strings.Join(rows, "\n"))
	}
}
