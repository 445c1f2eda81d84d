package pyspark_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// logLines renders a FileStreamSourceLog file as (file name, line) rows:
// v1, then one entry per batch id with the file <dir>/<batch>.json.
func logLines(name string, batches ...int) [][2]string {
	rows := [][2]string{{name, "v1"}}
	for _, b := range batches {
		rows = append(rows, [2]string{name, fmt.Sprintf(`{"path":"file:///data/in/f%d.json","timestamp":17000000%d,"batchId":%d}`, b, b, b)})
	}
	return rows
}

func concat(parts ...[][2]string) [][2]string {
	var out [][2]string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// TestRuntimeSourceLogPaths runs etlgen_runtime.source_log_paths on file
// source logs as Spark writes them: plain batch files, a compact file
// (every 10 batches, holding all earlier entries) with and without the
// files it replaced, URL-encoded paths, and damaged logs.
func TestRuntimeSourceLogPaths(t *testing.T) {
	all := func(n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	var plain [][2]string
	for b := 0; b < 9; b++ {
		plain = concat(plain, logLines(fmt.Sprint(b), b))
	}
	cases := []struct {
		name       string
		rows       [][2]string
		start, end int
		want       []string
		err        string
	}{
		{"first batch", logLines("0", 0), -1, 0, []string{"file:///data/in/f0.json"}, ""},
		{"plain files", concat(logLines("0", 0), logLines("1", 1), logLines("2", 2)), 0, 1, []string{"file:///data/in/f1.json"}, ""},
		{"two log batches in one", concat(logLines("0", 0), logLines("1", 1), logLines("2", 2)), 0, 2,
			[]string{"file:///data/in/f1.json", "file:///data/in/f2.json"}, ""},
		{"compact only", concat(logLines("9.compact", all(10)...), logLines("10", 10)), 4, 5, []string{"file:///data/in/f5.json"}, ""},
		{"compacted batch", concat(logLines("9.compact", all(10)...), logLines("10", 10)), 8, 9, []string{"file:///data/in/f9.json"}, ""},
		{"across compaction", concat(logLines("9.compact", all(10)...), logLines("10", 10)), 8, 10,
			[]string{"file:///data/in/f10.json", "file:///data/in/f9.json"}, ""},
		{"compact and replaced files", concat(plain, logLines("9.compact", all(10)...)), 7, 9,
			[]string{"file:///data/in/f8.json", "file:///data/in/f9.json"}, ""},
		{"url-encoded path", [][2]string{{"0", "v1"}, {"0", `{"path":"file:///data/in/a%20b%25c.json","timestamp":1,"batchId":0}`}}, -1, 0,
			[]string{"file:///data/in/a b%c.json"}, ""},
		{"several files in a batch", [][2]string{{"3", "v1"}, {"3", `{"path":"s3a://b/y.json","timestamp":1,"batchId":3}`},
			{"3", `{"path":"s3a://b/x.json","timestamp":1,"batchId":3}`}}, 2, 3, []string{"s3a://b/x.json", "s3a://b/y.json"}, ""},
		{"missing batch", concat(logLines("0", 0), logLines("2", 2)), 0, 2, nil, "no entries for batches [1]"},
		{"unknown version", [][2]string{{"0", "v2"}, {"0", `{"path":"f","timestamp":1,"batchId":0}`}}, -1, 0, nil, "unsupported version 'v2'"},
	}
	type pyCase struct {
		Rows       [][2]string `json:"rows"`
		Start, End int
	}
	in := make([]pyCase, len(cases))
	for i, c := range cases {
		in[i] = pyCase{c.rows, c.start, c.end}
	}
	script := `
out = []
for c in json.load(sys.stdin):
    try:
        out.append({"paths": rt.source_log_paths([tuple(r) for r in c["rows"]], c["Start"], c["End"])})
    except ValueError as e:
        out.append({"error": str(e)})
print(json.dumps(out))
`
	var got []struct {
		Paths []string
		Error string
	}
	runRuntime(t, "testdata/file_source", script, in, &got)
	if len(got) != len(cases) {
		t.Fatalf("%d results for %d cases", len(got), len(cases))
	}
	for i, c := range cases {
		g := got[i]
		if c.err != "" {
			if !strings.Contains(g.Error, c.err) {
				t.Errorf("%s: error %q, want it to contain %q (paths %v)", c.name, g.Error, c.err, g.Paths)
			}
			continue
		}
		if g.Error != "" {
			t.Errorf("%s: %s", c.name, g.Error)
			continue
		}
		if diff := cmp.Diff(c.want, g.Paths); diff != "" {
			t.Errorf("%s: paths (-want +got):\n%s", c.name, diff)
		}
	}
}
