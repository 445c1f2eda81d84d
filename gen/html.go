package gen

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// htmlTemplate renders the catalog page; it only loops and branches.
// Parsed when first used, not when every etlgen command starts.
var htmlTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("docs.html.tmpl").
		Funcs(template.FuncMap{"join": strings.Join, "cols": columnsText, "count": diag.Count}).
		ParseFS(templateFS, "templates/docs.html.tmpl"))
})

// HTML writes one self-contained catalog page per pipeline:
// <pipeline>.html, with inline CSS, JS and SVG and a CSP that forbids any
// network request.
type HTML struct{}

// Name returns "html".
func (HTML) Name() string { return "html" }

// Spec describes the generator.
func (HTML) Spec() Spec {
	return Spec{
		Summary: "self-contained HTML page of each pipeline: graph, contracts, plan, bindings, guarantees, diagnostics",
		Group:   GroupDocs,
		Outputs: "<pipeline>.html",
		Owns:    []string{"*.html"},
	}
}

// Generate returns one page per planned pipeline.
func (HTML) Generate(ctx context.Context, m *Model) ([]File, error) {
	var out []File
	ps := m.pipelines()
	for i := range ps {
		pp := &ps[i]
		var buf bytes.Buffer
		buf.WriteString("<!-- " + Header + " -->\n") // html/template drops comments
		if err := htmlTemplate().Execute(&buf, htmlViewOf(m, pp)); err != nil {
			return nil, fmt.Errorf("pipeline %s: render html: %w", pp.ID, err)
		}
		out = append(out, File{Path: pp.ID + ".html", Data: buf.Bytes()})
	}
	return out, nil
}

// htmlView is what the page template reads.
type htmlView struct {
	// Root is the path from the page to the docs site's root, where
	// index.html and contracts/ are.
	Root     string
	Pipeline *ir.Pipeline
	Name     string
	Bound    bool
	Profile  *profile.Redacted
	Engine   string
	Trigger  string
	Graph    svgView
	Queries  []planner.Query
	// Gates are the pipeline's quality gates with the queries measuring them.
	Gates []planner.Gate
	// Expectations are the pipeline's expectations with the queries
	// counting them.
	Expectations []planner.Expectation
	Sources      []planner.Source
	Steps        []htmlStep
	Contracts    []htmlContract
	Assets       []htmlEntry
	Resources    []htmlEntry
	Manifest     []planner.ManifestQuery
	Diagnostics  []htmlDiag
	Errors       int
	Warnings     int
}

type htmlStep struct {
	ID, Transformation, Name, Version, Description string
	Inputs, Outputs                                []DTCSPort
	Params                                         []htmlParam
	Semantics                                      DTCSSemantics
	Stateful                                       []planner.StatefulOp
	Lineage                                        []DTCSLineage
	// StateQuery is the query running the step's stateful operator (its
	// output mode is the step's); Queries are the queries that run the
	// step at all.
	StateQuery string
	Queries    []string
	// Keeps says whether the step owns a stateful operator.
	Keeps bool
	// Inherited are the event-time columns the step's inputs carry a
	// watermark on, shown when the step declares none of its own.
	Inherited []htmlInherited
}

type htmlParam struct{ Name, Type, Default, Value, Description string }

type htmlContract struct {
	ID, Name, Version, Owner, Domain, Status, Description, Roles string
	// Freshness, Retention, Support and Contact are the marker's SLA and
	// support; Href is the contract's page, relative to the site root.
	Freshness, Retention, Support, Contact, Href string
	Fields                                       []htmlField
}

type htmlField struct {
	Name, Type, Constraints, Classification, Description string
	// Examples are the field's example values, comma-separated.
	Examples                 string
	Required, EventTime, PII bool
	PrimaryKey, Depth        int
}

type htmlEntry struct {
	Name, Kind, Resource string
	Options              []htmlOption
}

type htmlOption struct{ Name, Value string }

type htmlDiag struct{ Severity, Code, Location, Path, Message, Hint string }

func htmlViewOf(m *Model, pp *planner.PipelinePlan) htmlView {
	p := pp.IR()
	v := htmlView{Root: m.siteRoot(), Pipeline: p, Name: camelName(p.ID), Bound: m.bound(), Profile: m.Plan.Bound,
		Engine: Unbound, Trigger: Unbound, Graph: layoutGraph(PipelineGraph(m, pp)),
		Queries: pp.Queries, Gates: pp.Gates, Expectations: pp.Expectations, Sources: pp.Sources, Manifest: pp.Manifest().Queries}
	if v.Bound {
		v.Engine, v.Trigger = m.Plan.Engine, triggerText(m.Plan.Trigger)
		v.Assets, v.Resources = htmlEntries(m.Plan.Bound.Assets), htmlEntries(m.Plan.Bound.Resources)
	}
	v.Steps = htmlSteps(m, pp)
	v.Contracts = htmlContracts(m, pp)
	for _, d := range m.Diagnostics {
		v.Diagnostics = append(v.Diagnostics, htmlDiag{Severity: string(d.Severity), Code: d.Code, Location: d.Pos.String(),
			Path: d.Path, Message: d.Message, Hint: d.Hint})
		switch string(d.Severity) {
		case "error", "":
			v.Errors++
		case "warning":
			v.Warnings++
		}
	}
	return v
}

// htmlSteps describes each step with its transformation's contract, its
// output mode and the stateful operators the plan keeps for it.
func htmlSteps(m *Model, pp *planner.PipelinePlan) []htmlStep {
	var out []htmlStep
	for i := range pp.Steps {
		sp := &pp.Steps[i]
		st, t := sp.Step, sp.Transformation
		if t == nil {
			continue
		}
		doc := DTCSOf(m, t)
		s := htmlStep{ID: st.ID, Transformation: t.ID, Name: doc.Name, Version: doc.Version, Description: t.Description,
			Inputs: doc.Inputs, Outputs: doc.Outputs, Semantics: semanticsOf(st.Plan), Lineage: doc.Lineage}
		s.Semantics.EventTime = doc.Semantics.EventTime
		s.Keeps, s.Queries = sp.Stateful != nil, queriesRunning(pp, st.ID)
		if len(s.Semantics.Watermarks) == 0 {
			s.Inherited = inheritedEventTimes(pp, sp)
		}
		if m.bound() && s.Keeps {
			s.Semantics.OutputMode, s.Semantics.OutputModeReason, s.StateQuery = sp.OutputMode, sp.OutputModeReason, sp.StateQuery
		}
		for _, prm := range t.Params {
			hp := htmlParam{Name: prm.Name, Type: prm.Type, Default: prm.Default, Value: prm.Default, Description: prm.Description}
			for _, pv := range st.Params {
				if pv.Name == prm.Name {
					hp.Value = pv.Value
				}
			}
			s.Params = append(s.Params, hp)
		}
		s.Stateful = statefulOf(pp.Queries, st.ID)
		out = append(out, s)
	}
	return out
}

// queriesRunning names the queries of the plan whose steps include step.
func queriesRunning(pp *planner.PipelinePlan, step string) []string {
	var out []string
	for _, q := range pp.Queries {
		if slices.Contains(q.Steps, step) {
			out = append(out, q.Name)
		}
	}
	return out
}

// statefulOf lists the stateful operators of a step, once each.
func statefulOf(queries []planner.Query, step string) []planner.StatefulOp {
	var out []planner.StatefulOp
	seen := map[string]bool{}
	for _, q := range queries {
		for _, op := range q.Stateful {
			key := op.Kind + "/" + strings.Join(op.Keys, ",")
			if op.Step == step && !seen[key] {
				seen[key] = true
				out = append(out, op)
			}
		}
	}
	return out
}

// htmlContracts lists the contracts the pipeline reads and writes, in the
// order a reader meets them, with their roles.
func htmlContracts(m *Model, pp *planner.PipelinePlan) []htmlContract {
	p := pp.IR()
	var order []string
	roles := map[string][]string{}
	add := func(id, role string) {
		if _, ok := roles[id]; !ok {
			order = append(order, id)
		}
		roles[id] = append(roles[id], role)
	}
	for _, ex := range p.Extracts {
		add(ex.Contract, "source "+ex.Asset)
	}
	for _, sp := range pp.Steps {
		if t := sp.Transformation; t != nil {
			for _, o := range t.Outputs {
				add(o.Contract, "output of "+sp.Step.ID)
			}
		}
	}
	for _, ld := range p.Loads {
		add(ld.Contract, "sink "+ld.Asset)
	}
	var out []htmlContract
	for _, id := range order {
		c, ok := contractOf(m, id)
		if !ok {
			out = append(out, htmlContract{ID: id, Roles: strings.Join(roles[id], ", "), Href: contractPage(id)})
			continue
		}
		hc := htmlContract{ID: c.ID, Name: c.Name, Version: c.Version, Owner: c.Owner, Domain: c.Domain,
			Status: c.Status, Description: c.Description, Roles: strings.Join(roles[id], ", "),
			Freshness: c.Freshness, Retention: c.Retention, Support: c.Support, Contact: c.Contact, Href: contractPage(id)}
		hc.Fields = htmlFields(c.Fields, "", 0)
		out = append(out, hc)
	}
	return out
}

// htmlFields flattens fields; nested struct fields follow their parent
// with a dotted name.
func htmlFields(fs []contracts.Field, prefix string, depth int) []htmlField {
	var out []htmlField
	for _, f := range fs {
		out = append(out, htmlField{Name: prefix + f.Name, Type: fieldTypeText(f.Type),
			Constraints: constraintsText(f.Constraints), Classification: f.Classification, Description: f.Description,
			Examples: strings.Join(f.Examples, ", "),
			Required: f.Required, EventTime: f.EventTime, PII: f.PII, PrimaryKey: f.PrimaryKey, Depth: depth})
		switch {
		case f.Type.Kind == contracts.KindStruct:
			out = append(out, htmlFields(f.Type.Fields, prefix+f.Name+".", depth+1)...)
		case f.Type.Kind == contracts.KindArray && f.Type.Elem != nil && f.Type.Elem.Kind == contracts.KindStruct:
			out = append(out, htmlFields(f.Type.Elem.Fields, prefix+f.Name+"[].", depth+1)...)
		}
	}
	return out
}

func constraintsText(cs []contracts.Constraint) string {
	var parts []string
	for _, c := range cs {
		if c.Kind == contracts.ConstraintRequired {
			continue
		}
		if len(c.Args) == 0 {
			parts = append(parts, string(c.Kind))
			continue
		}
		parts = append(parts, string(c.Kind)+" "+strings.Join(c.Args, " | "))
	}
	return strings.Join(parts, "; ")
}

// htmlEntries sorts redacted assets or resources by name.
func htmlEntries(in map[string]profile.RedactedEntry) []htmlEntry {
	var out []htmlEntry
	for name, e := range in {
		he := htmlEntry{Name: name, Kind: e.Plugin, Resource: e.Resource}
		if he.Kind == "" {
			he.Kind = e.Kind
		}
		for k, val := range e.Options {
			he.Options = append(he.Options, htmlOption{Name: k, Value: val})
		}
		sort.Slice(he.Options, func(i, j int) bool { return he.Options[i].Name < he.Options[j].Name })
		out = append(out, he)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// columnsText renders a state schema as "name type, ...".
func columnsText(cs []planner.Column) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Name + " " + c.Type
	}
	return strings.Join(parts, ", ")
}

// fieldTypeText is a field's Spark SQL type in lower case; a struct is
// shown as struct<…> as its fields follow on their own rows.
func fieldTypeText(t contracts.Type) string {
	switch {
	case t.Kind == contracts.KindStruct:
		return "struct<…>"
	case t.Kind == contracts.KindArray && t.Elem != nil && t.Elem.Kind == contracts.KindStruct:
		return "array<struct<…>>"
	}
	return strings.ToLower(SparkType(t))
}
