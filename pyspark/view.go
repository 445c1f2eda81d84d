package pyspark

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// programView is what the program template renders; every string that
// reaches Python is already a Python literal or identifier.
type programView struct {
	PipelineID, Version, Profile string // Python literals
	Title                        string // plain text for the docstring
	File                         string // the program's file name
	Remote                       string
	Conf                         []kv
	StopPolicy                   string
	StopTimeout                  string
	Sources                      []*sourceView
	Steps                        []*stepView
	Queries                      []*queryView
	Lates                        []*lateView
}

// kv is one dict entry, both sides Python literals.
type kv struct{ Key, Value string }

// gen carries what the view builders share.
type gen struct {
	doc       *ir.Document
	pp        *planner.PipelinePlan
	pipe      *ir.Pipeline
	prof      *profile.Profile
	contracts map[string]*contracts.Contract
	sources   map[string]*sourceView
	steps     map[string]*stepView
}

func buildProgram(doc *ir.Document, m *planner.Model, pp *planner.PipelinePlan, prof *profile.Profile) (*programView, error) {
	g := &gen{doc: doc, pp: pp, prof: prof, contracts: map[string]*contracts.Contract{},
		sources: map[string]*sourceView{}, steps: map[string]*stepView{}}
	for i := range doc.Contracts {
		g.contracts[doc.Contracts[i].ID] = &doc.Contracts[i]
	}
	for i := range doc.Pipelines {
		if doc.Pipelines[i].ID == pp.ID {
			g.pipe = &doc.Pipelines[i]
		}
	}
	if g.pipe == nil {
		return nil, fmt.Errorf("pipeline %s is not in the IR document", pp.ID)
	}
	pv := &programView{PipelineID: PyString(pp.ID), Version: PyString(pp.Version), Profile: PyString(m.Profile),
		Title: docText(pp.ID + " " + pp.Version + " on profile " + m.Profile), File: ProgramName(pp.ID)}
	g.session(pv)
	for i := range pp.Sources {
		sv, err := g.source(&pp.Sources[i])
		if err != nil {
			return nil, err
		}
		g.sources[sv.Asset] = sv
		pv.Sources = append(pv.Sources, sv)
	}
	for i := range g.pipe.Steps {
		sv, err := g.step(&g.pipe.Steps[i])
		if err != nil {
			return nil, err
		}
		g.steps[g.pipe.Steps[i].ID] = sv
		pv.Steps = append(pv.Steps, sv)
	}
	if err := g.queries(pv); err != nil {
		return nil, err
	}
	return pv, nil
}

// session fills the Spark Connect URL, session conf and stop policy.
func (g *gen) session(pv *programView) {
	pv.Remote = PyString("sc://127.0.0.1:15002")
	conf := map[string]string{}
	if g.prof != nil {
		if r, ok := g.prof.ResourceOfKind("spark"); ok {
			pv.Remote = PyString(r.String("connect_url"))
			for k, v := range r.SparkOptions() {
				conf[k] = v
			}
			if v, ok := r.Value("conf"); ok {
				for k, s := range v.Map {
					if !strings.Contains(s, "${env:") {
						conf[k] = s
					}
				}
			}
		}
		ex := g.prof.Execution()
		pv.StopPolicy = PyString(ex.StopPolicy)
		pv.StopTimeout = fmt.Sprintf("%.1f", ex.StopTimeout.Seconds())
	}
	if pv.StopPolicy == "" || pv.StopPolicy == `""` {
		pv.StopPolicy = PyString(profile.StopFinishBatch)
	}
	if pv.StopTimeout == "" || pv.StopTimeout == "0.0" {
		pv.StopTimeout = "300.0"
	}
	pv.Conf = sortedKV(conf)
}

func sortedKV(m map[string]string) []kv {
	keys := slices.Sorted(maps.Keys(m))
	out := make([]kv, len(keys))
	for i, k := range keys {
		out[i] = kv{Key: PyString(k), Value: PyString(m[k])}
	}
	return out
}

// docText makes s safe inside a triple-quoted docstring.
func docText(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"""`, `\"\"\"`).Replace(s)
}

// constName is an upper-case Python constant name for an asset or query.
func constName(s string) string { return strings.ToUpper(PyName(s)) }

// pyList renders strings as Python literals.
func pyList(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = PyString(s)
	}
	return out
}
