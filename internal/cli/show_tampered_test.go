package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShowTamperedSink: after a run, a sink whose part file was cut, whose
// log was deleted, or whose directory got a planted log naming a file
// outside it makes `show` fail with a code naming the file, never print
// fewer rows with exit 0; with the planted log, `run --fresh --yes`
// deletes nothing, and the file outside survives.
func TestShowTamperedSink(t *testing.T) {
	tests := []struct {
		name   string
		tamper func(t *testing.T, sink, victim string)
		code   string
	}{
		{"part file cut", func(t *testing.T, sink, _ string) {
			parts, _ := filepath.Glob(filepath.Join(sink, "part-*.jsonl"))
			if len(parts) == 0 {
				t.Fatal("no part files")
			}
			data, _ := os.ReadFile(parts[0])
			if err := os.WriteFile(parts[0], data[:len(data)/2], 0o644); err != nil {
				t.Fatal(err)
			}
		}, "ETL-K525"},
		{"sink log deleted", func(t *testing.T, sink, _ string) {
			if err := os.RemoveAll(filepath.Join(sink, "_etlgen_sink")); err != nil {
				t.Fatal(err)
			}
		}, "ETL-K522"},
		{"planted log", func(t *testing.T, sink, victim string) {
			rel, _ := filepath.Rel(sink, victim)
			head, _ := json.Marshal(map[string]any{"version": 1, "id": "bad-writer", "checkpoint": "/"})
			line, _ := json.Marshal(map[string]any{"batchId": 0, "files": []map[string]any{{"path": rel, "size": 5, "rows": 1}}})
			data := string(head) + "\n" + string(line) + "\n"
			if err := os.WriteFile(filepath.Join(sink, "_etlgen_sink", "bad-writer.log"), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "ETL-K524"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			prof := localProfile(t, dir)
			pkg := []string{"./examples/order-streaming", "--profile", prof, "-C", "../.."}
			if code, stdout, stderr := runCLI(append([]string{"run"}, pkg...)...); code != ExitOK {
				t.Fatalf("run: exit %d\n%s%s", code, stdout, stderr)
			}
			victim := filepath.Join(dir, "precious.txt")
			if err := os.WriteFile(victim, []byte("keep\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			tt.tamper(t, filepath.Join(dir, "out/customer_order_windows"), victim)
			code, stdout, stderr := runCLI(append([]string{"show", "--sink", "customer_order_windows"}, pkg...)...)
			if code == ExitOK || !strings.Contains(stderr, tt.code) {
				t.Errorf("show: exit %d, want a failure with %s\n%s%s", code, tt.code, stdout, stderr)
			}
			if tt.code != "ETL-K524" {
				return
			}
			code, _, stderr = runCLI(append([]string{"run", "--fresh", "--yes"}, pkg...)...)
			if code == ExitOK || !strings.Contains(stderr, tt.code) {
				t.Errorf("run --fresh --yes over a planted log: exit %d, want a failure with %s\n%s", code, tt.code, stderr)
			}
			if _, err := os.Stat(victim); err != nil {
				t.Errorf("the file outside the sink is gone: %v", err)
			}
			if parts, _ := filepath.Glob(filepath.Join(dir, "out/customer_order_windows/part-*.jsonl")); len(parts) == 0 {
				t.Error("a refused --fresh deleted the sink's part files")
			}
		})
	}
}
