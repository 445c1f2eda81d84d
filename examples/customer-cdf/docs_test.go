package customercdf_test

import (
	"os"
	"strings"
	"testing"
)

const (
	docsPage  = "../../docs/cdf.md"
	diagrams  = "docs/customer-cdf.cdf.md"
	beginMark = "<!-- BEGIN examples/customer-cdf/docs/customer-cdf.cdf.md -->\n"
	endMark   = "<!-- END examples/customer-cdf/docs/customer-cdf.cdf.md -->\n"
)

// TestDocsPageShowsGeneratedDiagrams: docs/cdf.md embeds exactly the
// diagrams `etlgen docs` generates for this example (go generate keeps the
// generated file fresh, make check-generated checks it). With
// ETLGEN_UPDATE_DOCS=1 the test rewrites the embedded section.
func TestDocsPageShowsGeneratedDiagrams(t *testing.T) {
	page, err := os.ReadFile(docsPage)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := os.ReadFile(diagrams)
	if err != nil {
		t.Fatal(err)
	}
	text := string(page)
	i, j := strings.Index(text, beginMark), strings.Index(text, endMark)
	if i < 0 || j < i {
		t.Fatalf("%s has no %q … %q section", docsPage, beginMark, endMark)
	}
	embedded := text[i+len(beginMark) : j]
	if embedded == string(gen) {
		return
	}
	if os.Getenv("ETLGEN_UPDATE_DOCS") == "1" {
		out := text[:i+len(beginMark)] + string(gen) + text[j:]
		if err := os.WriteFile(docsPage, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is stale: its diagrams differ from %s; run ETLGEN_UPDATE_DOCS=1 go test ./examples/customer-cdf -run TestDocsPage", docsPage, diagrams)
}
