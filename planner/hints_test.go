package planner_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// fixture is a pipeline document and its profile, as a user edits them.
type fixture struct {
	doc     *ir.Document
	profile []byte
	opts    planner.Options
}

// Where a corpus fixture's forced output modes (modes.txt) go.
const (
	modesInProfile = "profile" // the sinks' output_mode
	modesAsOption  = "option"  // Options.OutputModes, as --output-mode
	modesDropped   = ""
)

// corpusFixture reads a corpus case, its forced modes where modes says.
func corpusFixture(t *testing.T, name, modes string) fixture {
	t.Helper()
	return fixtureAt(t, filepath.Join("testdata", "corpus", name), modes)
}

// fixtureAt reads the case in dir: ir.json, profile.yaml and modes.txt.
func fixtureAt(t *testing.T, dir, modes string) fixture {
	t.Helper()
	doc, err := ir.Unmarshal(mustRead(t, filepath.Join(dir, "ir.json")))
	if err != nil {
		t.Fatal(err)
	}
	f := fixture{doc: doc, profile: mustRead(t, filepath.Join(dir, "profile.yaml"))}
	switch forced := readModes(t, dir); modes {
	case modesAsOption:
		f.opts.OutputModes = forced
	case modesInProfile:
		for q, m := range forced {
			f = f.withOutputMode(t, q, m)
		}
	}
	return f
}

// replace returns the fixture with old replaced by new in the profile.
func (f fixture) replace(t *testing.T, old, new string) fixture {
	t.Helper()
	if !strings.Contains(string(f.profile), old) {
		t.Fatalf("no %q in the profile:\n%s", old, f.profile)
	}
	f.profile = []byte(strings.Replace(string(f.profile), old, new, 1))
	return f
}

// withOutputMode sets the output_mode of the asset in the profile.
func (f fixture) withOutputMode(t *testing.T, asset, mode string) fixture {
	t.Helper()
	return f.apply(t, diag.Fix{File: "profile.yaml", Key: "assets." + asset + ".output_mode", Set: mode})
}

// apply returns the fixture with a profile edit made.
func (f fixture) apply(t *testing.T, fix diag.Fix) fixture {
	t.Helper()
	data, err := profile.ApplyFix(f.profile, fix)
	if err != nil {
		t.Fatal(err)
	}
	f.profile = data
	return f
}

// plan parses the profile and plans the document, as etlgen validate does.
func (f fixture) plan(t *testing.T) diag.List {
	t.Helper()
	prof, pd := profile.Parse("profile.yaml", f.profile)
	if prof == nil {
		t.Fatalf("profile:\n%s", diagText(pd))
	}
	_, l := planner.Plan(f.doc, prof, f.opts)
	out := append(pd, l...).Dedupe()
	out.Sort()
	return out
}

// eachNode calls fn for every node of every plan of the document (the
// transformations' and the steps').
func eachNode(doc *ir.Document, fn func(*ir.Node)) {
	var walk func(n *ir.Node)
	walk = func(n *ir.Node) {
		if n == nil {
			return
		}
		fn(n)
		for _, in := range n.Inputs {
			walk(in)
		}
	}
	for i := range doc.Transformations {
		walk(doc.Transformations[i].Plan)
	}
	for i := range doc.Pipelines {
		for j := range doc.Pipelines[i].Steps {
			walk(doc.Pipelines[i].Steps[j].Plan)
		}
	}
}

// dropWatermarks removes every WithWatermark of the document.
func dropWatermarks(doc *ir.Document) {
	eachNode(doc, func(n *ir.Node) {
		for i, in := range n.Inputs {
			if in.Op == ir.OpWatermark {
				n.Inputs[i] = in.Inputs[0]
			}
		}
	})
}

// watermarkAggregations is the hint "call WithWatermark on the window's
// event-time column before GroupBy", done.
func watermarkAggregations(doc *ir.Document) {
	eachNode(doc, func(n *ir.Node) {
		if n.Op != ir.OpAggregate || n.Window == nil || n.Inputs[0].Op == ir.OpWatermark {
			return
		}
		n.Inputs[0] = &ir.Node{Op: ir.OpWatermark, Inputs: []*ir.Node{n.Inputs[0]}, Column: n.Window.TimeColumn, Delay: "15m0s"}
	})
}

// TestHintsApply takes the suggestion of each diagnostic about output
// modes and watermarks — its Fix when it has one (a profile edit), else
// the code edit its hint describes — and validates again: the diagnostic is
// gone and no error appeared that was not there before. A hint never
// proposes what another rule rejects (update mode for a session window,
// ETL-S403).
func TestHintsApply(t *testing.T) {
	noWatermark := func(f fixture) fixture { dropWatermarks(f.doc); return f }
	tests := []struct {
		name     string
		fixture  func(t *testing.T) fixture
		code     string
		proposes bool          // whether the hint may propose update mode
		codeEdit func(fixture) // the hint's edit of the pipeline, when it has no Fix
	}{
		{name: "session window, profile forces update", code: planner.CodeUpdateSessionWindow,
			fixture: func(t *testing.T) fixture { return corpusFixture(t, "session_window_update", modesInProfile) }},
		{name: "session window without watermark, profile forces update", code: planner.CodeUpdateSessionWindow,
			fixture: func(t *testing.T) fixture {
				return noWatermark(corpusFixture(t, "session_window_update", modesInProfile))
			},
			codeEdit: func(f fixture) { watermarkAggregations(f.doc) }},
		{name: "session window without watermark, profile forces append", code: planner.CodeAppendAggNoWatermark,
			fixture: func(t *testing.T) fixture {
				return noWatermark(corpusFixture(t, "session_window_update", modesDropped)).withOutputMode(t, "customer_order_windows", "append")
			},
			codeEdit: func(f fixture) { watermarkAggregations(f.doc) }},
		{name: "session window without watermark into an append sink", code: planner.CodeAppendAggNoWatermark,
			fixture: func(t *testing.T) fixture {
				return noWatermark(corpusFixture(t, "session_window_update", modesDropped)).
					replace(t, "write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]", "write_mode: append")
			},
			codeEdit: func(f fixture) { watermarkAggregations(f.doc) }},
		{name: "tumbling window without watermark, profile forces append", code: planner.CodeAppendAggNoWatermark, proposes: true,
			fixture: func(t *testing.T) fixture {
				return noWatermark(corpusFixture(t, "ok_example", modesDropped)).withOutputMode(t, "customer_order_windows", "append")
			}},
		{name: "complete without aggregation, profile forces complete", code: profile.CodeSinkOutputMode,
			fixture: func(t *testing.T) fixture { return corpusFixture(t, "complete_without_aggregation", modesInProfile) }},
		{name: "complete without aggregation on a merge sink", code: planner.CodeCompleteNoAgg,
			fixture: func(t *testing.T) fixture {
				return corpusFixture(t, "complete_without_aggregation", modesDropped).
					replace(t, "write_mode: append}", "write_mode: foreach-batch-merge, merge_keys: [event_id]}").
					withOutputMode(t, "paid_orders", "complete")
			}},
		{name: "stream join, profile forces update", code: planner.CodeStreamJoinNotAppend,
			fixture: func(t *testing.T) fixture { return corpusFixture(t, "stream_join_update", modesInProfile) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := tc.fixture(t)
			before := f.plan(t)
			edited := false
			for step := 0; ; step++ {
				l := f.plan(t)
				i := slices.IndexFunc(l, func(d diag.Diagnostic) bool { return d.Code == tc.code })
				if i < 0 {
					if step == 0 {
						t.Fatalf("no %s:\n%s", tc.code, diagText(l))
					}
					checkNoNewErrors(t, before, l)
					return
				}
				d := l[i]
				if !tc.proposes && proposesUpdate(d.Hint) {
					t.Errorf("the hint proposes update mode: %s", d)
				}
				switch {
				case step > 2:
					t.Fatalf("%s after %d edits:\n%s", tc.code, step, diagText(l))
				case !d.Fix.IsZero():
					f = f.apply(t, d.Fix)
				case tc.codeEdit != nil && !edited:
					tc.codeEdit(f)
					edited = true
				default:
					t.Fatalf("%s has no fix and the case no edit of the pipeline: %s", tc.code, d)
				}
			}
		})
	}
}

// proposesUpdate reports whether a hint proposes update mode, in any of
// the ways hints do.
func proposesUpdate(hint string) bool {
	return strings.Contains(hint, "output_mode: update") || strings.Contains(hint, "=update") || strings.Contains(hint, "(update mode)")
}

// checkNoNewErrors fails on an error of after (by code and path) that
// before does not have.
func checkNoNewErrors(t *testing.T, before, after diag.List) {
	t.Helper()
	had := map[string]bool{}
	for _, d := range before {
		had[d.Code+" "+d.Path] = true
	}
	for _, d := range after {
		if d.Severity == diag.Error && !had[d.Code+" "+d.Path] {
			t.Errorf("a new error after the edits: %s", d)
		}
	}
}

// TestModeDiagnosticsPointAtTheCause: a diagnostic the forced output mode
// causes points at the profile's output_mode line when the profile forces
// the mode, and says so; forced on the command line, at the operator.
func TestModeDiagnosticsPointAtTheCause(t *testing.T) {
	tests := []struct {
		corpus, code, modes string
		wantFile            string
		wantLine            int
		wantText            string
	}{
		{"session_window_update", planner.CodeUpdateSessionWindow, modesInProfile, "profile.yaml", 9, "update mode (forced by the profile's output_mode)"},
		{"session_window_update", planner.CodeUpdateSessionWindow, modesAsOption, "pipeline.go", 17, "update mode (forced by --output-mode)"},
		{"stream_join_update", planner.CodeStreamJoinNotAppend, modesInProfile, "profile.yaml", 10, "update mode (forced by the profile's output_mode)"},
		{"stream_join_update", planner.CodeStreamJoinNotAppend, modesAsOption, "pipeline.go", 19, "update mode (forced by --output-mode)"},
	}
	for _, tc := range tests {
		t.Run(tc.corpus+"/"+tc.modes, func(t *testing.T) {
			l := corpusFixture(t, tc.corpus, tc.modes).plan(t)
			i := slices.IndexFunc(l, func(d diag.Diagnostic) bool { return d.Code == tc.code })
			if i < 0 {
				t.Fatalf("no %s:\n%s", tc.code, diagText(l))
			}
			d := l[i]
			if d.Pos.File != tc.wantFile || d.Pos.Line != tc.wantLine || !strings.Contains(d.Message, tc.wantText) {
				t.Errorf("got %s\nwant at %s:%d, saying %q", d, tc.wantFile, tc.wantLine, tc.wantText)
			}
		})
	}
}

// TestCorpusFixes applies every Fix the diagnostics of the corpora carry
// (the planner's, its forced modes written into the profile as a user
// would, and the differential corpus against Spark) and validates again:
// that diagnostic is gone, and no new error appeared.
func TestCorpusFixes(t *testing.T) {
	planner, _ := filepath.Glob("testdata/corpus/*/want.codes")
	spark, _ := filepath.Glob("testdata/spark/*/case.json")
	if len(planner) < 30 || len(spark) < 80 {
		t.Fatalf("%d planner and %d differential cases", len(planner), len(spark))
	}
	fixes := 0
	for _, file := range slices.Concat(planner, spark) {
		dir := filepath.Dir(file)
		f := fixtureAt(t, dir, modesInProfile)
		before := f.plan(t)
		for _, d := range before {
			if d.Fix.IsZero() {
				continue
			}
			fixes++
			t.Run(filepath.Base(dir)+"/"+d.Code, func(t *testing.T) {
				after := f.apply(t, d.Fix).plan(t)
				if slices.ContainsFunc(after, func(a diag.Diagnostic) bool { return a.Code == d.Code && a.Path == d.Path }) {
					t.Errorf("still there after its fix %+v: %s\n%s", d.Fix, d, diagText(after))
				}
				checkNoNewErrors(t, before, after)
			})
		}
	}
	if fixes < 5 {
		t.Errorf("only %d fixes in the corpora", fixes)
	}
}
