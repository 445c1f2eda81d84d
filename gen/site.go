package gen

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"strings"
	"sync"
)

// siteTemplates render the site's pages; they only loop and branch.
// Parsed when first used, not when every etlgen command starts.
var siteTemplates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("site").
		Funcs(template.FuncMap{"join": strings.Join, "inc": func(i int) int { return i + 1 }}).
		ParseFS(templateFS, "templates/site_*.html.tmpl"))
})

// Site writes the project's docs site: index.html (pipelines, contracts
// and sinks with client-side search, and the lineage across pipelines)
// and a page per contract, contracts/<id>.html (fields, SLA, support,
// examples, producers and consumers, column lineage of each sink). Like
// the pipeline pages it links to, every page is self-contained: inline
// CSS, JS and SVG under a CSP that forbids any network request.
type Site struct{}

// Name returns "site".
func (Site) Name() string { return "site" }

// Spec describes the generator.
func (Site) Spec() Spec {
	return Spec{
		Summary:    "self-contained docs site: index with search and cross-pipeline lineage, a page per contract",
		Group:      GroupDocs,
		Outputs:    "index.html, contracts/<contract>.html",
		Owns:       []string{"index.html", "contracts/*.html"},
		Aggregates: []string{"index.html", "contracts/*.html"},
	}
}

// Generate returns the site's pages: over m.Project when set, else over m
// alone. Over a unit's own model it writes nothing (the site is written
// once, over the model holding the project), nor without any pipeline.
func (Site) Generate(ctx context.Context, m *Model) ([]File, error) {
	if _, ok := m.unitOf(); ok {
		return nil, nil
	}
	cat := catalogOf(m.siteUnits())
	if len(cat.Pipelines) == 0 {
		return nil, nil
	}
	index, err := renderSite("site_index.html.tmpl", indexViewOf(cat))
	if err != nil {
		return nil, fmt.Errorf("render site index: %w", err)
	}
	out := []File{{Path: "index.html", Data: index}}
	for _, c := range cat.Contracts {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		page, err := renderSite("site_contract.html.tmpl", contractViewOf(c))
		if err != nil {
			return nil, fmt.Errorf("contract %s: render page: %w", c.ID, err)
		}
		out = append(out, File{Path: c.Href, Data: page})
	}
	return out, nil
}

// renderSite executes one page template after the generated-file header.
func renderSite(name string, view any) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString("<!-- " + Header + " -->\n") // html/template drops comments
	if err := siteTemplates().ExecuteTemplate(&buf, name, view); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
