package gen

import (
	"context"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// siteCases are the golden cases of the docs site: each builds a project
// and writes the site with the pipeline pages it links to.
var siteCases = map[string]func(t testing.TB) *Project{
	"site_project": testProject,
	"site_hostile": func(t testing.TB) *Project { return mustProject(t, unitOf(t, "testdata/pipeline_hostile", "", "")) },
}

// testProject has three units: two bound pipelines at the root that both
// read order-event, and an unbound archive pipeline under archive/ that
// reads the customer-order-window the multi-sink pipeline writes.
func testProject(t testing.TB) *Project {
	t.Helper()
	return mustProject(t,
		unitOf(t, "testdata/pipeline_multi_sink", "", "local-stack"),
		unitOf(t, "testdata/pipeline_session_after_join", "", "local-stack"),
		unitOf(t, "testdata/site_project/archive", "archive", "unbound"))
}

// unitOf plans a pipeline case as one unit written under dir.
func unitOf(t testing.TB, caseDir, dir, target string) Unit {
	t.Helper()
	m := pipelineModel(t, caseDir)
	pkg := ""
	if m.Plan != nil {
		pkg = m.Plan.Document().Package
	}
	return Unit{Package: pkg, Target: target, Dir: dir, Model: m}
}

func mustProject(t testing.TB, units ...Unit) *Project {
	t.Helper()
	p, err := NewProject(units...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// siteFiles writes the project as the CLI does: the pipeline pages of each
// unit under its Dir, and the site once over the project.
func siteFiles(t testing.TB, p *Project) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, u := range p.Units {
		var sink MemorySink
		if _, err := Run(context.Background(), []Generator{HTML{}, Site{}}, u.Model, &sink); err != nil {
			t.Fatal(err)
		}
		for name, data := range sink.Files {
			out[path.Join(u.Dir, name)] = data
		}
	}
	var sink MemorySink
	if _, err := Run(context.Background(), []Generator{Site{}}, &Model{Project: p}, &sink); err != nil {
		t.Fatal(err)
	}
	for name, data := range sink.Files {
		out[name] = data
	}
	return out
}

// TestSiteGolden compares the site's own pages (the pipeline pages have
// golden files of their own in the pipeline_* cases).
func TestSiteGolden(t *testing.T) {
	for name, project := range siteCases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			site := map[string][]byte{}
			for p, data := range siteFiles(t, project(t)) {
				if p == "index.html" || strings.HasPrefix(p, "contracts/") {
					site[p] = data
				}
			}
			compareGolden(t, filepath.Join("testdata", name, "want"), site)
		})
	}
}
