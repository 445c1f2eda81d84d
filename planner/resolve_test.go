package planner_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestResolved plans every case of the corpus and checks that each id of
// the model points at what a lookup by that id finds: contracts, the
// stream a query or step input reads, a query's sources, host, hosted
// loads and late route, the contracts of Into nodes.
func TestResolved(t *testing.T) {
	files, err := filepath.Glob("testdata/corpus/*/ir.json")
	if err != nil || len(files) < 10 {
		t.Fatalf("corpus: %d cases, %v", len(files), err)
	}
	checked := 0
	for _, file := range files {
		dir := filepath.Dir(file)
		doc, err := ir.Unmarshal(mustRead(t, file))
		if err != nil {
			continue // a case of a broken document
		}
		var prof *profile.Profile
		if data, err := os.ReadFile(filepath.Join(dir, "profile.yaml")); err == nil {
			prof, _ = profile.Parse("profile.yaml", data)
		}
		m, _ := planner.Plan(doc, prof, planner.Options{})
		for i := range m.Pipelines {
			checked += checkResolved(t, filepath.Base(dir), m, &m.Pipelines[i])
		}
	}
	if checked < 100 {
		t.Errorf("checked %d pointers; want the corpus's hundreds", checked)
	}
}

// checkResolved checks the pointers of one planned pipeline and returns
// how many it checked.
func checkResolved(t *testing.T, name string, m *planner.Model, pp *planner.PipelinePlan) int {
	t.Helper()
	n := 0
	same := func(what string, got, want any) {
		t.Helper()
		n++
		if got != want {
			t.Errorf("%s: %s: got %s, want what the id names (%s)", name, what, short(got), short(want))
		}
	}
	for i := range pp.Sources {
		s := &pp.Sources[i]
		same("source "+s.Asset+" contract", s.Def, contractOf(m, s.Contract))
	}
	for i := range pp.Steps {
		sp := &pp.Steps[i]
		same("step "+sp.Step.ID+" inputs", len(sp.Inputs), len(sp.Step.Inputs))
		for j, b := range sp.Step.Inputs {
			checkStream(same, "step "+sp.Step.ID+" input", pp, sp.Inputs[j], b.From)
		}
		if sp.Step.Plan != nil {
			sp.Step.Plan.Walk(func(x *ir.Node) bool {
				if x.Op == ir.OpIntoOutput {
					same("step "+sp.Step.ID+" into "+x.Output, sp.Output(x), contractOf(m, x.Output))
				}
				return true
			})
		}
	}
	for i := range pp.Queries {
		q := &pp.Queries[i]
		checkStream(same, "query "+q.Name, pp, q.Upstream, q.From)
		same("query "+q.Name+" sink contract", q.Sink.Def, contractOf(m, q.Sink.Contract))
		same("query "+q.Name+" sources", len(q.SourcePlans), len(q.Sources))
		for j, s := range q.SourcePlans {
			same("query "+q.Name+" source", s, sourceOf(pp, q.Sources[j]))
		}
		same("query "+q.Name+" steps", len(q.StepPlans), len(q.Steps))
		for j, sp := range q.StepPlans {
			want, _ := pp.StepPlan(q.Steps[j])
			same("query "+q.Name+" step", sp, want)
		}
		same("query "+q.Name+" host", q.HostQuery, queryOf(pp, q.Host))
		same("query "+q.Name+" hosted", len(q.HostedQueries), len(q.Hosted))
		for j, h := range q.HostedQueries {
			same("query "+q.Name+" hosted", h, queryOf(pp, q.Hosted[j]))
		}
		same("query "+q.Name+" late host", q.LateHostQuery, queryOf(pp, q.LateHost))
		same("query "+q.Name+" late source", q.LateSourcePlan, sourceOf(pp, q.LateSource))
		if q.Sink.Changes != nil {
			same("query "+q.Name+" change target", q.Sink.Changes.Def, contractOf(m, q.Sink.Changes.Target))
		}
	}
	for _, g := range pp.Gates {
		if g.Quarantine != nil {
			same("gate "+g.Name+" output contract", g.Quarantine.Def, contractOf(m, g.Quarantine.Contract))
		}
	}
	return n
}

func checkStream(same func(string, any, any), what string, pp *planner.PipelinePlan, s planner.Stream, r ir.Ref) {
	same(what+" ref", s.Ref, r)
	same(what+" source", s.Source, sourceOf(pp, r.Node))
	var step *planner.StepPlan
	if sp, ok := pp.StepPlan(r.Node); ok && s.Source == nil {
		step = sp
	}
	same(what+" step", s.Step, step)
}

func contractOf(m *planner.Model, id string) any {
	c, _ := m.Contract(id)
	return c
}

func sourceOf(pp *planner.PipelinePlan, asset string) *planner.Source {
	s, _ := pp.Source(asset)
	return s
}

func queryOf(pp *planner.PipelinePlan, name string) *planner.Query {
	q, _ := pp.Query(name)
	return q
}

// TestWithQueries: a copy of a pipeline running changed queries (a
// replay's, each with its own checkpoint) links hosts and hosted loads
// among the new queries, and leaves the model's pipeline as it was.
func TestWithQueries(t *testing.T) {
	files, _ := filepath.Glob("testdata/corpus/*/ir.json")
	files = append(files, "../pyspark/testdata/multi_sink/ir.json") // loads sharing a query
	hosts := 0
	for _, file := range files {
		doc, err := ir.Unmarshal(mustRead(t, file))
		if err != nil {
			continue
		}
		prof, _ := profile.Parse("profile.yaml", mustRead(t, filepath.Join(filepath.Dir(file), "profile.yaml")))
		m, _ := planner.Plan(doc, prof, planner.Options{})
		for i := range m.Pipelines {
			pp := &m.Pipelines[i]
			keep := slices.Clone(pp.Queries)
			for j := range keep {
				keep[j].Checkpoint += "/replay"
			}
			np := pp.WithQueries(keep)
			for j := range np.Queries {
				q := &np.Queries[j]
				for k, h := range q.HostedQueries {
					hosts++
					if h == nil || h.Name != q.Hosted[k] || !strings.HasSuffix(h.Checkpoint, "/replay") {
						t.Errorf("%s: query %s hosts %v, want the new query %s", file, q.Name, h, q.Hosted[k])
					}
				}
				if q.Host != "" && (q.HostQuery == nil || q.HostQuery != queryOf(&np, q.Host)) {
					t.Errorf("%s: query %s: host not among the new queries", file, q.Name)
				}
				if strings.HasSuffix(pp.Queries[j].Checkpoint, "/replay") {
					t.Errorf("%s: WithQueries changed the model's query %s", file, q.Name)
				}
			}
		}
	}
	if hosts == 0 {
		t.Error("no query of the corpus hosts a load; want a multi-sink case")
	}
}

// short renders a pointer by address (the parts are large), else the value.
func short(v any) string {
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer {
		return fmt.Sprintf("%p", v)
	}
	return fmt.Sprint(v)
}
