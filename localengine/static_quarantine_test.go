package localengine

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/planner"
)

// TestStaticQuarantine: with a quarantine named on the static side, a
// static row that breaks the contract goes there instead of failing the
// batch, and only once although every batch (and every new process) reads
// and rejects it again; the valid rows are joined, the invalid one not. A
// second invalid row is added once; a fixed row leaves the quarantine as it
// was (it is a log of what was seen).
func TestStaticQuarantine(t *testing.T) {
	doc := staticJoinDoc()
	in, dim, out, bad := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	m, _ := planProfile(t, doc, t.TempDir(), "", map[string]string{
		"l":   "{plugin: file-json, path: " + strconv.Quote(in) + "}",
		"r":   "{plugin: file-json, path: " + strconv.Quote(dim) + ", quarantine: bad_r}",
		"out": "{plugin: file-json, path: " + strconv.Quote(out) + "}",
		// the quarantine, not used by the pipeline
		"bad_r": "{plugin: file-json, path: " + strconv.Quote(bad) + "}",
	}, planner.Options{}, false)
	src := m.Pipelines[0].Sources[1]
	if q := src.Quarantine; q == nil || q.Asset != "bad_r" || q.Owner != "out" || !strings.Contains(src.Offsets, "goes to quarantine bad_r") {
		t.Fatalf("planned static source = %+v, quarantine %+v; want quarantine bad_r owned by query out", src, src.Quarantine)
	}
	run := func() {
		t.Helper()
		eng, err := Open(m, "p", &Env{})
		if err != nil {
			t.Fatal(err)
		}
		defer eng.Close()
		if err := eng.RunAvailable(func(*Progress) {}); err != nil {
			t.Fatal(err)
		}
	}
	lines := func(dir string, drop ...string) []string {
		t.Helper()
		files, err := CommittedFiles(dir)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				var m map[string]any
				if err := json.Unmarshal([]byte(l), &m); err != nil {
					t.Fatal(err)
				}
				for _, d := range drop {
					delete(m, d)
				}
				b, _ := json.Marshal(m)
				got = append(got, string(b))
			}
		}
		return sorted(got)
	}
	reject := func(raw, path, reason string) string {
		b, _ := json.Marshal(map[string]any{"raw_payload": raw, "reason_code": "WRONG_TYPE", "reason": reason, "field_path": path,
			"pipeline_id": "p", "contract_id": "ev", "source_topic": dim, "source_partition": nil, "source_offset": nil, "raw_payload_base64": nil,
			"contract_version": "1.0.0", "rule": nil})
		return string(b)
	}
	const twenty = `{"k":"b","v":"twenty","t":"2026-07-15T09:00:00Z"}`
	const thirty = `{"k":"c","v":"thirty","t":"2026-07-15T09:00:00Z"}`

	writeFile(t, dim, "a.jsonl", []byte(`{"k":"a","v":10,"t":"2026-07-15T09:00:00Z"}`+"\n"+twenty+"\n"+twenty+"\n"))
	writeFile(t, in, "1.jsonl", []byte(`{"k":"a","v":1,"t":"2026-07-15T10:00:00Z"}`+"\n"+`{"k":"b","v":2,"t":"2026-07-15T10:00:00Z"}`+"\n"))
	run()
	writeFile(t, in, "2.jsonl", []byte(`{"k":"a","v":3,"t":"2026-07-15T11:00:00Z"}`+"\n"))
	run() // a new process: the quarantine is read back, nothing written twice
	writeFile(t, dim, "c.jsonl", []byte(thirty+"\n"))
	writeFile(t, in, "3.jsonl", []byte(`{"k":"c","v":4,"t":"2026-07-15T11:00:00Z"}`+"\n"))
	run()

	wantBad := sorted([]string{
		reject(twenty, "v", "expected a number, got string"),
		reject(thirty, "v", "expected a number, got string"),
	})
	if diff := cmp.Diff(wantBad, lines(bad, "observed_at")); diff != "" {
		t.Errorf("quarantine rows (-want +got):\n%s", diff)
	}
	// starting over deletes the quarantine's files too, and the next run
	// writes the rejections again
	if _, err := StartOver(m, "p", func([]string) bool { return true }); err != nil {
		t.Fatal(err)
	}
	if got := lines(bad); len(got) != 0 {
		t.Errorf("after StartOver the quarantine holds %v", got)
	}
	run()
	if diff := cmp.Diff(wantBad, lines(bad, "observed_at")); diff != "" {
		t.Errorf("quarantine rows after starting over (-want +got):\n%s", diff)
	}
	wantOut := sorted([]string{
		`{"k":"a","rt":"2026-07-15T09:00:00Z","rv":10,"t":"2026-07-15T10:00:00Z","v":1}`,
		`{"k":"a","rt":"2026-07-15T09:00:00Z","rv":10,"t":"2026-07-15T11:00:00Z","v":3}`,
	})
	if diff := cmp.Diff(wantOut, lines(out)); diff != "" {
		t.Errorf("joined rows (-want +got):\n%s", diff)
	}
}
