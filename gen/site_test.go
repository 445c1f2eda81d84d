package gen

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"slices"
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

// siteFiles writes the project as the CLI does (Project.Files): the
// pipeline pages of each unit under its Dir, and the site once over the
// project.
func siteFiles(t testing.TB, p *Project) map[string][]byte {
	t.Helper()
	files, err := p.Files(context.Background(), []Generator{HTML{}, Site{}})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		out[f.Path] = f.Data
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

func TestSiteIsDeterministic(t *testing.T) {
	a, b := siteFiles(t, testProject(t)), siteFiles(t, testProject(t))
	if len(a) != len(b) {
		t.Fatalf("two runs wrote %d and %d files", len(a), len(b))
	}
	for p, data := range a {
		if string(b[p]) != string(data) {
			t.Errorf("%s differs between two runs", p)
		}
	}
}

// idAttr matches an element id.
var idAttr = regexp.MustCompile(`\sid="([^"]*)"`)

// TestSiteLinksResolve follows every link of every page of the site: each
// relative link names a generated file and, with a fragment, an element of
// it; nothing is loaded by URL.
func TestSiteLinksResolve(t *testing.T) {
	for name, project := range siteCases {
		t.Run(name, func(t *testing.T) {
			files := siteFiles(t, project(t))
			ids := map[string]map[string]bool{}
			for p, data := range files {
				ids[p] = map[string]bool{}
				for _, m := range idAttr.FindAllStringSubmatch(string(data), -1) {
					ids[p][html.UnescapeString(m[1])] = true
				}
			}
			checked := 0
			for p, data := range files {
				if !strings.HasSuffix(p, ".html") {
					continue
				}
				for _, l := range pageLinks(string(data)) {
					if problem := l.problem(); problem != "" {
						t.Errorf("%s: %s", p, problem)
						continue
					}
					if l.external() {
						continue
					}
					if err := resolves(p, html.UnescapeString(l.Value), ids); err != nil {
						t.Errorf("%s: %v", p, err)
					}
					checked++
				}
			}
			for _, e := range searchIndex(t, string(files["index.html"])) {
				if err := resolves("index.html", e.Href, ids); err != nil {
					t.Errorf("search entry %s %q: %v", e.Kind, e.Name, err)
				}
				checked++
			}
			if checked < 3*len(files) {
				t.Errorf("checked %d links in %d files; the pages lost their links", checked, len(files))
			}
		})
	}
}

// resolves checks that a relative link from page names a file and element
// of the site.
func resolves(page, link string, ids map[string]map[string]bool) error {
	u, err := url.Parse(link)
	if err != nil {
		return fmt.Errorf("link %q: %w", link, err)
	}
	target := page
	if u.Path != "" {
		target = path.Join(path.Dir(page), u.Path)
	}
	got, ok := ids[target]
	if !ok {
		return fmt.Errorf("link %q: %s is not generated", link, target)
	}
	if u.Fragment != "" && !got[u.Fragment] && !strings.HasPrefix(u.Fragment, "q=") {
		return fmt.Errorf("link %q: %s has no element with id %q", link, target, u.Fragment)
	}
	return nil
}

// searchIndex reads the search index embedded in the index page.
func searchIndex(t testing.TB, src string) []searchEntry {
	t.Helper()
	_, js, _ := strings.Cut(src, "var INDEX = ")
	js, _, _ = strings.Cut(js, ";\n")
	var entries []searchEntry
	if err := json.Unmarshal([]byte(js), &entries); err != nil {
		t.Fatalf("the search index is not JSON: %v", err)
	}
	if len(entries) == 0 {
		t.Fatal("the search index is empty")
	}
	return entries
}

func TestPageLinkProblems(t *testing.T) {
	for _, c := range []struct {
		markup, want string
	}{
		{`<a href="#x">`, ""},
		{`<a href="contracts/a.html#field-1">`, ""},
		{`<a class="ext" rel="noopener" href="https://chat.example.com/x">`, ""},
		{`<a href="https://example.com/">`, "links outside the docs"},
		{`<a href="//example.com/x.css">`, "links outside the docs"},
		{`<img alt="" src="x.png">`, "loads a URL"},
		{`<link rel="stylesheet" href="https://fonts.example/a.css">`, "links outside the docs"},
	} {
		ls := pageLinks(c.markup)
		if len(ls) != 1 {
			t.Fatalf("%s: %d links, want 1", c.markup, len(ls))
		}
		if got := ls[0].problem(); c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s: problem %q, want %q", c.markup, got, c.want)
		}
	}
}

// TestSiteEscapesHostileNames reads the index of the hostile case: names
// holding </script>, U+2028, NUL and markup stay text, and the embedded
// search index is one script that parses as JSON.
func TestSiteEscapesHostileNames(t *testing.T) {
	src := string(siteFiles(t, siteCases["site_hostile"](t))["index.html"])
	if n, m := strings.Count(src, "<script"), strings.Count(src, "</script>"); n != 1 || m != 1 {
		t.Fatalf("index has %d <script and %d </script>, want 1 each", n, m)
	}
	for _, bad := range []string{"<b>", "\x00", "<!-- \"step\""} {
		if strings.Contains(src, bad) {
			t.Errorf("index holds %q unescaped", bad)
		}
	}
	_, script, _ := strings.Cut(src, "<script>")
	if strings.ContainsAny(script, "\u2028\u2029\x00") {
		t.Error("the script holds U+2028, U+2029 or NUL unescaped")
	}
	found := false
	for _, e := range searchIndex(t, src) {
		found = found || strings.Contains(e.Name, "</script>\u2028")
	}
	if !found {
		t.Error("the search index lost the hostile contract id")
	}
}

func TestProjectLineageJoinsContracts(t *testing.T) {
	cat := catalogOf(testProject(t).Units)
	c := cat.byID["customer-order-window"]
	if c == nil {
		t.Fatal("no customer-order-window in the catalog")
	}
	var producers, consumers []string
	for _, p := range c.Producers {
		producers = append(producers, p.Pipeline+"/"+p.Asset)
	}
	for _, p := range c.Consumers {
		consumers = append(consumers, p.Pipeline+"/"+p.Asset)
	}
	wantP := []string{"window-archive/archived_windows", "multi-sink-order-streaming/customer_order_windows", "multi-sink-order-streaming/customer_order_window_feed"}
	if !slices.Equal(producers, wantP) || !slices.Equal(consumers, []string{"window-archive/curated_windows"}) {
		t.Errorf("producers %v consumers %v, want %v and [window-archive/curated_windows]", producers, consumers, wantP)
	}
	v := projectLineage(cat)
	nodes := 0
	for _, n := range v.Nodes {
		if n.FullTitle == "Contract: CustomerOrderWindow" {
			nodes++
			if n.Kind != string(siteNodeShared) || n.Target != "contracts/customer-order-window.html" {
				t.Errorf("node %+v: want a shared contract linking its page", n)
			}
		}
	}
	if nodes != 1 {
		t.Errorf("customer-order-window is drawn %d times, want once", nodes)
	}
	if len(v.Edges) != 4+2+5+2 {
		t.Errorf("%d edges, want 13 (one per extract and load)", len(v.Edges))
	}
}

func TestSiteColumnLineage(t *testing.T) {
	cat := catalogOf(testProject(t).Units)
	for _, c := range []struct {
		sink, column string
		from, via    []string
		note         string
	}{
		{"customer_order_windows", "paid_order_total", []string{"order_events.order_total"}, []string{"aggregate-customer-orders"}, ""},
		{"customer_order_windows", "window_start", []string{"order_events.event_time"}, []string{"aggregate-customer-orders"}, ""},
		{"customer_order_windows", "paid_order_count", []string{"order_events.order_id"}, []string{"aggregate-customer-orders"}, ""},
		{"customer_sessions", "segment", []string{"customers.segment"}, []string{"enrich-orders", "customer-sessions"}, ""},
		{"customer_sessions", "customer_id", []string{"customers.customer_id", "order_events.customer_id"}, []string{"enrich-orders", "customer-sessions"}, ""},
		{"archived_windows", "paid_order_total", []string{"curated_windows.paid_order_total"}, nil, ""},
		{"rejected_windows", "reason_code", nil, nil, "added by etlgen"},
		{"late_order_events", "event", []string{"order_events.*"}, nil, ""},
		{"late_order_events", "watermark_at_arrival", nil, nil, "added by etlgen"},
	} {
		col, ok := sinkColumn(cat, c.sink, c.column)
		if !ok {
			t.Errorf("%s.%s: not traced", c.sink, c.column)
			continue
		}
		if !slices.Equal(col.From, c.from) || !slices.Equal(col.Via, c.via) || !strings.Contains(col.Note, c.note) {
			t.Errorf("%s.%s: from %v via %v (%q), want from %v via %v (%q)", c.sink, c.column, col.From, col.Via, col.Note, c.from, c.via, c.note)
		}
	}
}

// sinkColumn finds a traced column of a sink of the catalog.
func sinkColumn(cat *siteCatalog, sink, column string) (siteColumn, bool) {
	for _, s := range cat.Sinks {
		for _, c := range s.Columns {
			if s.Asset == sink && c.Column == column {
				return c, true
			}
		}
	}
	return siteColumn{}, false
}

func TestProjectFilesRejectsCollisions(t *testing.T) {
	p := mustProject(t,
		unitOf(t, "testdata/pipeline_bound", "", "a"),
		unitOf(t, "testdata/pipeline_unbound", "", "b")) // the same pipeline id
	_, err := p.Files(context.Background(), []Generator{HTML{}, Site{}})
	if err == nil || !strings.Contains(err.Error(), "customer-order-streaming.html is written for") {
		t.Errorf("two units writing one page: error %v", err)
	}
	p = mustProject(t,
		unitOf(t, "testdata/pipeline_bound", "a", "a"),
		unitOf(t, "testdata/pipeline_unbound", "b", "b"))
	files, err := p.Files(context.Background(), Default().Group(GroupDocs))
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range files {
		if !strings.HasPrefix(f.Path, "contracts/") {
			paths = append(paths, f.Path)
		}
	}
	want := []string{"a/customer-order-streaming.dot", "a/customer-order-streaming.html", "a/customer-order-streaming.mmd",
		"b/customer-order-streaming.dot", "b/customer-order-streaming.html", "b/customer-order-streaming.mmd", "index.html"}
	if !slices.Equal(paths, want) {
		t.Errorf("paths %v, want %v", paths, want)
	}
}

func TestNewProject(t *testing.T) {
	m := pipelineModel(t, "testdata/pipeline_bound")
	if _, err := NewProject(Unit{Package: "p"}); err == nil {
		t.Error("a unit without a model: no error")
	}
	if _, err := NewProject(Unit{Package: "p", Dir: "../x", Model: m}); err == nil {
		t.Error("a unit dir outside the root: no error")
	}
	p := mustProject(t, Unit{Package: "p", Dir: "a/b", Model: m})
	if m.Project != p || m.siteRoot() != "../../" {
		t.Errorf("unit model: project %p (want %p), site root %q (want ../../)", m.Project, p, m.siteRoot())
	}
	files, err := Site{}.Generate(context.Background(), m)
	if err != nil || len(files) != 0 {
		t.Errorf("the site over a unit's model wrote %d files (%v); it is written once, over the project", len(files), err)
	}
	files, err = Site{}.Generate(context.Background(), &Model{Project: p})
	if err != nil || len(files) == 0 || files[0].Path != "index.html" {
		t.Errorf("the site over the project: %d files, %v", len(files), err)
	}
}
