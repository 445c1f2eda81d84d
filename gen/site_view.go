package gen

import (
	"fmt"
	"strings"
)

// siteIndexView is what the index page reads.
type siteIndexView struct {
	// Root is the path from the page to the site root ("" here).
	Root      string
	Pipelines []sitePipeline
	Contracts []*siteContract
	Sinks     []sitePort
	Lineage   svgView
	// Search is the index the page's script searches, embedded as JSON.
	Search []searchEntry
	Fields int
}

// searchEntry is one searchable item: kind, name, detail and link (short
// JSON names keep the embedded index small).
type searchEntry struct {
	Kind   string `json:"k"`
	Name   string `json:"n"`
	Detail string `json:"d"`
	Href   string `json:"u"`
}

// siteContractView is what a contract page reads.
type siteContractView struct {
	Root string
	*siteContract
	Fields []htmlField
	// Freshness and Retention are the contract's service levels; nil when
	// not declared.
	Freshness, Retention *siteSLA
	// Examples counts the fields with examples.
	Examples int
}

// siteSLA is one service level of a contract, as ODCS states it.
type siteSLA struct{ Value, Meaning string }

func indexViewOf(cat *siteCatalog) siteIndexView {
	v := siteIndexView{Pipelines: cat.Pipelines, Contracts: cat.Contracts, Sinks: cat.Sinks, Lineage: projectLineage(cat)}
	for _, p := range cat.Pipelines {
		v.Search = append(v.Search, searchEntry{"pipeline", p.ID, strings.TrimSpace("v" + p.Version + " " + p.Target + " " + p.Description), p.Href})
		for _, s := range p.Sources {
			v.Search = append(v.Search, searchEntry{"source", s.Asset, "read by " + p.ID + " as " + s.Contract + " · " + s.Identity, p.Href})
		}
		for _, st := range p.Steps {
			v.Search = append(v.Search, searchEntry{"step", st, "step of " + p.ID, p.Href + "#step-" + st})
		}
	}
	for _, s := range cat.Sinks {
		v.Search = append(v.Search, searchEntry{s.Kind, s.Asset, "written by " + s.Pipeline + " as " + s.Contract + " · " + s.Identity, s.ContractHref + "#" + s.Anchor})
	}
	for _, c := range cat.Contracts {
		v.Search = append(v.Search, searchEntry{"contract", c.ID, strings.TrimSpace(c.Contract.Name + " " + c.Contract.Description), c.Href})
		for i, f := range htmlFields(c.Contract.Fields, "", 0) {
			v.Search = append(v.Search, searchEntry{"field", c.ID + "." + f.Name, f.Type + " " + f.Description, c.Href + fieldAnchor(i)})
			v.Fields++
		}
	}
	return v
}

// fieldAnchor is the fragment of the i-th field row of a contract page.
func fieldAnchor(i int) string { return fmt.Sprintf("#field-%d", i+1) }

func contractViewOf(c *siteContract) siteContractView {
	v := siteContractView{Root: "../", siteContract: c, Fields: htmlFields(c.Contract.Fields, "", 0)}
	for _, s := range slaOf(c.Contract) {
		sla := &siteSLA{Value: fmt.Sprintf("%d %s", s.Value, s.Unit), Meaning: s.Description}
		if s.Property == "latency" {
			v.Freshness = sla
		} else {
			v.Retention = sla
		}
	}
	for _, f := range v.Fields {
		if f.Examples != "" {
			v.Examples++
		}
	}
	return v
}
