package gen

import (
	"fmt"
	"hash/fnv"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// siteCatalog is what the site documents, gathered once over every unit of
// the project: pipelines, contracts with their producers and consumers,
// sources and sinks. Hrefs are relative to the site root.
type siteCatalog struct {
	Pipelines []sitePipeline
	Contracts []*siteContract
	Sinks     []sitePort
	byID      map[string]*siteContract
}

// sitePipeline is one planned pipeline of one unit.
type sitePipeline struct {
	ID, Version, Description, Package, Target, Href string
	Steps                                           []string
	Sources, Sinks                                  []sitePort
}

// sitePort is a source or sink of a pipeline: an extract or a load (or a
// quarantine gate's output), with its contract.
type sitePort struct {
	Pipeline, PipelineHref, Target string
	Asset, System, Identity        string
	Kind                           string // source, sink, quarantine or late
	Contract, ContractHref         string
	// Anchor is the id of the sink's column lineage on its contract page.
	Anchor string
	// Columns trace a sink's columns back to source fields.
	Columns []siteColumn
}

// siteContract is one contract with the ports that produce and consume it.
type siteContract struct {
	ID, Href string
	Contract contracts.Contract
	// Known is false for a contract a pipeline names but no unit declares.
	Known                bool
	Producers, Consumers []sitePort
	// Steps are the steps that read or write the contract inside a
	// pipeline (a transformation's input or output port); Asset is the
	// step id, Kind "step input" or "step output".
	Steps []sitePort
}

// catalogOf gathers the catalog of the units.
func catalogOf(units []Unit) *siteCatalog {
	cat := &siteCatalog{byID: map[string]*siteContract{}}
	for _, u := range units {
		for _, c := range unitContracts(u.Model) {
			cat.contract(c.ID, u.Model)
		}
		for i := range u.Model.pipelines() {
			cat.addPipeline(u, &u.Model.pipelines()[i])
		}
	}
	sort.Slice(cat.Contracts, func(i, j int) bool { return cat.Contracts[i].ID < cat.Contracts[j].ID })
	return cat
}

// unitContracts are the contracts a unit declares: its packages' and its
// IR's.
func unitContracts(m *Model) []contracts.Contract {
	out := m.Contracts()
	if m.Plan != nil && m.Plan.Document() != nil {
		out = append(out, m.Plan.Document().Contracts...)
	}
	return out
}

// contract returns the catalog entry of id, adding it (from m) when new.
func (cat *siteCatalog) contract(id string, m *Model) *siteContract {
	if sc, ok := cat.byID[id]; ok {
		if !sc.Known {
			sc.Contract, sc.Known = contractOf(m, id)
			sc.Contract.ID = id
		}
		return sc
	}
	sc := &siteContract{ID: id, Href: contractPage(id)}
	sc.Contract, sc.Known = contractOf(m, id)
	sc.Contract.ID = id
	cat.byID[id] = sc
	cat.Contracts = append(cat.Contracts, sc)
	return sc
}

// addPipeline adds a pipeline, its sources and sinks (from the graph the
// pipeline page draws) and their contracts' producers and consumers.
func (cat *siteCatalog) addPipeline(u Unit, pp *planner.PipelinePlan) {
	p := pp.IR()
	sp := sitePipeline{ID: p.ID, Version: p.Version, Description: p.Description, Package: u.Package,
		Target: u.Target, Href: path.Join(u.Dir, pp.ID+".html")}
	for _, st := range p.Steps {
		sp.Steps = append(sp.Steps, st.ID)
	}
	cat.addSteps(u.Model, pp, sp.Href)
	tr := newColumnTracer(u.Model, pp)
	for _, n := range PipelineGraph(u.Model, pp).Nodes {
		if n.Kind == NodeValidate || n.Kind == NodeStep {
			continue
		}
		sc := cat.contract(n.Contract, u.Model)
		system, _, _ := strings.Cut(n.Title, ": ")
		port := sitePort{Pipeline: p.ID, PipelineHref: sp.Href, Target: u.Target, Asset: n.Ref, System: system,
			Identity: n.Detail, Kind: string(n.Kind), Contract: n.Contract, ContractHref: sc.Href}
		if n.Kind == NodeSource {
			sc.Consumers = append(sc.Consumers, port)
			sp.Sources = append(sp.Sources, port)
			continue
		}
		port.Anchor = fmt.Sprintf("sink-%d", len(cat.Sinks)+1)
		if ld, ok := sinkLoad(pp, n.Ref); ok {
			port.Columns = tr.sinkColumns(ld)
		}
		sc.Producers = append(sc.Producers, port)
		sp.Sinks = append(sp.Sinks, port)
		cat.Sinks = append(cat.Sinks, port)
	}
	cat.Pipelines = append(cat.Pipelines, sp)
}

// addSteps records the contracts each step's transformation reads and
// writes.
func (cat *siteCatalog) addSteps(m *Model, pp *planner.PipelinePlan, href string) {
	for _, sp := range pp.Steps {
		st, t := sp.Step, sp.Transformation
		if t == nil {
			continue
		}
		for _, side := range []struct {
			kind  string
			ports []ir.Port
		}{{"step input", t.Inputs}, {"step output", t.Outputs}} {
			for _, port := range side.ports {
				sc := cat.contract(port.Contract, m)
				sc.Steps = append(sc.Steps, sitePort{Pipeline: pp.ID, PipelineHref: href, Asset: st.ID, Kind: side.kind,
					Contract: port.Contract, ContractHref: sc.Href})
			}
		}
	}
}

// sinkLoad is what sink asset writes, as a load: the pipeline's load of
// it, or, for a quarantine gate's output, the gated load's stream in the
// output's contract.
func sinkLoad(pp *planner.PipelinePlan, asset string) (ir.Load, bool) {
	for _, ld := range pp.IR().Loads {
		if ld.Asset == asset {
			return ld, true
		}
	}
	for _, o := range gatedOutputs(pp) {
		if o.out.Asset == asset {
			return ir.Load{Asset: asset, From: o.load.From, Contract: o.out.Contract}, true
		}
	}
	return ir.Load{}, false
}

// contractPage is the path of a contract's page from the site root.
func contractPage(id string) string { return "contracts/" + sitePageName(id) + ".html" }

// safePage matches an id usable as a file name as it is.
var safePage = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,100}$`)

// sitePageName is the file name (without .html) of a contract's page: the
// id when it is a plain name, else its plain characters and a hash of it,
// so no id escapes the directory or collides with another.
func sitePageName(id string) string {
	if safePage.MatchString(id) {
		return id
	}
	h := fnv.New32a()
	h.Write([]byte(id))
	return fmt.Sprintf("c-%s-%08x", strings.Trim(identifier(id), "_"), h.Sum32())
}
