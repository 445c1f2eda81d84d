package gen

import (
	"context"
	"fmt"
	"slices"
	"sort"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// Unbound stands for profile facts (profile, engine, trigger, checkpoints)
// in a contract generated without a profile.
const Unbound = "unbound"

// DPCS writes one DPCS pipeline contract per pipeline of the IR:
// pipelines/<id>.dpcs.yaml.
type DPCS struct{}

// Name returns "dpcs".
func (DPCS) Name() string { return "dpcs" }

// Spec describes the generator.
func (DPCS) Spec() Spec {
	return Spec{
		Summary: "DPCS pipeline contracts: interface, steps, graph, data flow, execution, gates, guarantees",
		Group:   GroupContracts,
		Outputs: "pipelines/<id>.dpcs.yaml",
		Owns:    []string{"pipelines/*.dpcs.yaml"},
	}
}

// Generate returns one file per planned pipeline, in IR order.
func (DPCS) Generate(ctx context.Context, m *Model) ([]File, error) {
	var out []File
	ps := m.pipelines()
	for i := range ps {
		pp := &ps[i]
		data, err := marshalYAML(DPCSOf(m, pp))
		if err != nil {
			return nil, fmt.Errorf("pipeline %s: %w", pp.ID, err)
		}
		out = append(out, File{Path: DPCSPath(pp.ID), Data: data})
	}
	return out, nil
}

// DPCSPath is the path of a pipeline contract under the output directory.
func DPCSPath(id string) string { return "pipelines/" + id + ".dpcs.yaml" }

// ValidateStepID is the id of the validation step of an extract.
func ValidateStepID(asset string) string { return "validate-" + asset }

// DPCSOf builds the pipeline contract of a planned pipeline of m.
func DPCSOf(m *Model, pp *planner.PipelinePlan) DPCSDoc {
	p := pp.IR()
	d := DPCSDoc{DPCSVersion: DPCSVersion, ID: p.ID, Name: camelName(p.ID), Version: p.Version,
		Metadata:  DPCSMetadata{Description: p.Description, Owner: pipelineOwner(m, p), Tags: []string{"etlgen", "structured-streaming"}},
		Interface: DPCSInterface{Inputs: []DPCSPort{}, Outputs: []DPCSPort{}}, Steps: []DPCSStep{},
		DataFlow: []DPCSDataFlow{}, QualityGates: []DPCSQualityGate{}, Guarantees: []DPCSGuarantee{},
		Bound: DPCSBindingSummary{Profile: m.profileName(), Bound: m.bound()}}
	d.ContractReferences = contractRefsOf(m, pp)
	for i := range pp.Sources {
		dpcsExtract(m, pp, &d, &pp.Sources[i])
	}
	for i := range pp.Steps {
		dpcsStep(m, &d, &pp.Steps[i])
	}
	for i := range pp.Queries {
		dpcsLoad(m, &d, &pp.Queries[i])
	}
	dpcsGateOutputs(m, pp, &d)
	dpcsGates(pp, &d)
	dpcsExpectations(pp, &d)
	d.Graph = dpcsGraphOf(&d)
	d.Lineage = dpcsLineageOf(pp, &d)
	d.Execution = dpcsExecution(m, pp)
	d.Scheduling = []DPCSScheduling{{ID: "trigger", Mode: "streaming", Frequency: "trigger " + d.Execution.Etlgen.Trigger}}
	d.FailureSemantics = dpcsFailures(m, pp)
	d.Guarantees = dpcsGuarantees(m, pp)
	return d
}

// pipelineOwner is the owner shared by the pipeline's source contracts.
func pipelineOwner(m *Model, p *ir.Pipeline) string {
	for _, ex := range p.Extracts {
		if c, ok := contractOf(m, ex.Contract); ok && c.Owner != "" {
			return c.Owner
		}
	}
	return ""
}

// odcsRef and dtcsRef are the contract reference ids.
func odcsRef(id string) string { return "odcs:" + id }
func dtcsRef(id string) string { return "dtcs:" + id }

// contractRefsOf lists every ODCS and DTCS contract the pipeline uses,
// sorted by id.
func contractRefsOf(m *Model, pp *planner.PipelinePlan) []DPCSContractRef {
	p := pp.IR()
	seen := map[string]DPCSContractRef{}
	addODCS := func(id string) {
		r := DPCSContractRef{ID: odcsRef(id), Type: "odcs", Location: "../" + ODCSPath(id)}
		if c, ok := contractOf(m, id); ok {
			r.Version = c.Version
		}
		seen[r.ID] = r
	}
	for _, ex := range p.Extracts {
		addODCS(ex.Contract)
	}
	for _, ld := range p.Loads {
		addODCS(ld.Contract)
	}
	for _, sp := range pp.Steps {
		st := sp.Step
		r := DPCSContractRef{ID: dtcsRef(st.Transformation), Type: "dtcs", Location: "../" + DTCSPath(st.Transformation)}
		if t := sp.Transformation; t != nil {
			r.Version = t.Version
			for _, o := range t.Outputs {
				addODCS(o.Contract)
			}
		}
		seen[r.ID] = r
	}
	out := make([]DPCSContractRef, 0, len(seen))
	for _, r := range seen {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// dpcsExtract adds an input port, its validation step and gate.
func dpcsExtract(m *Model, pp *planner.PipelinePlan, d *DPCSDoc, s *planner.Source) {
	ex := s.Extract
	ref := odcsRef(ex.Contract)
	port := DPCSPort{ID: ex.Asset, Name: contractName(m, ex.Contract), ContractRef: ref,
		Purpose: "source " + ex.Asset + " read as " + contractName(m, ex.Contract)}
	if ex.Static {
		port.Purpose += " (static table, read in full at every micro-batch)"
	}
	port.Binding = sourceBinding(m, s)
	d.Interface.Inputs = append(d.Interface.Inputs, port)
	vid := ValidateStepID(ex.Asset)
	step := DPCSStep{ID: vid, Name: "Validate " + contractName(m, ex.Contract), Type: "etlgen:validate", ContractRef: ref,
		Inputs:  []DPCSStepPort{{ID: "raw"}},
		Outputs: []DPCSStepPort{{ID: ir.PortValid, ContractRef: ref}, {ID: ir.PortInvalid}, {ID: ir.PortLate, ContractRef: ref}}}
	d.Steps = append(d.Steps, step)
	d.DataFlow = append(d.DataFlow, DPCSDataFlow{From: "interface.inputs." + ex.Asset, To: "steps." + vid + ".inputs.raw", Dataset: ex.Asset, ContractRef: ref})
	d.QualityGates = append(d.QualityGates, DPCSQualityGate{ID: "contract-" + ex.Asset,
		Purpose:   "every row of " + ex.Asset + " satisfies contract " + ex.Contract + "; valid and invalid rows partition the input",
		Category:  "contract-validation",
		Placement: DPCSPlacement{Kind: "afterStep", StepID: vid},
		Criteria: []DPCSCriterion{{ID: ex.Contract, Type: "odcs", ContractRef: ref,
			Expression: "all constraints of " + ex.Contract + " (types, required, ranges, enums) hold, NULL-safe"}},
		OnSuccess: "continue: the row flows on the valid port",
		OnFailure: quarantineText(pp.IR(), ex.Asset)})
}

// quarantineText says where rejected rows of an extract go.
func quarantineText(p *ir.Pipeline, asset string) string {
	for _, ld := range p.Loads {
		if ld.From.Node == asset && ld.From.Port == ir.PortInvalid {
			return "quarantine: the row goes to " + ld.Asset + " (" + ld.Contract + ") with its raw payload and a reason code"
		}
	}
	return "drop: the rejected row is counted, no quarantine output is loaded"
}

// dpcsStep adds a transformation step.
func dpcsStep(m *Model, d *DPCSDoc, sp *planner.StepPlan) {
	st, t := sp.Step, sp.Transformation
	ok := t != nil
	s := DPCSStep{ID: st.ID, Name: camelName(st.Transformation), Type: "dtcs:transform",
		ContractRef: dtcsRef(st.Transformation), TransformRef: dtcsRef(st.Transformation),
		Inputs: []DPCSStepPort{}, Outputs: []DPCSStepPort{}}
	for _, in := range st.Inputs {
		port := DPCSStepPort{ID: in.Input}
		if ok {
			for _, tp := range t.Inputs {
				if tp.Name == in.Input {
					port.ContractRef = odcsRef(tp.Contract)
				}
			}
		}
		s.Inputs = append(s.Inputs, port)
		d.DataFlow = append(d.DataFlow, DPCSDataFlow{From: refEndpoint(d, in.From), To: "steps." + st.ID + ".inputs." + in.Input,
			Dataset: in.From.Node + "." + in.From.Port, ContractRef: port.ContractRef})
	}
	if ok {
		for _, o := range t.Outputs {
			s.Outputs = append(s.Outputs, DPCSStepPort{ID: ir.PortOut, ContractRef: odcsRef(o.Contract)})
		}
	}
	for _, pv := range st.Params {
		s.Parameters = append(s.Parameters, DPCSParam{Name: pv.Name, Value: pv.Value})
	}
	s.State = dpcsStepState(m, sp)
	d.Steps = append(d.Steps, s)
}

// dpcsStepState is the state of a step as the planner's StepPlan states
// it; nil for a stateless step or when unbound.
func dpcsStepState(m *Model, sp *planner.StepPlan) *DPCSStepState {
	if sp.Stateful == nil || !m.bound() || sp.OutputMode == "" {
		return nil
	}
	return &DPCSStepState{Operator: string(sp.Stateful.Op), Query: sp.StateQuery,
		OutputMode: sp.OutputMode, OutputModeReason: sp.OutputModeReason}
}

// refEndpoint is the DPCS endpoint of a stream reference.
func refEndpoint(d *DPCSDoc, r ir.Ref) string {
	for _, in := range d.Interface.Inputs {
		if in.ID == r.Node {
			return "steps." + ValidateStepID(r.Node) + ".outputs." + r.Port
		}
	}
	return "steps." + r.Node + ".outputs." + r.Port
}

// dpcsLoad adds an output port, its data flow and, for a late output, the
// late-data gate.
func dpcsLoad(m *Model, d *DPCSDoc, q *planner.Query) {
	ld := *q.Sink.Load
	ref := odcsRef(ld.Contract)
	port := DPCSPort{ID: ld.Asset, Name: contractName(m, ld.Contract), ContractRef: ref, Purpose: loadPurpose(ld)}
	port.Binding = queryBinding(m, q)
	d.Interface.Outputs = append(d.Interface.Outputs, port)
	d.DataFlow = append(d.DataFlow, DPCSDataFlow{From: refEndpoint(d, ld.From), To: "interface.outputs." + ld.Asset, Dataset: ld.Asset, ContractRef: ref})
	if ld.From.Port == ir.PortQuarantine {
		quarantinePort(d, ld.From)
	}
	if ld.From.Port != ir.PortLate {
		return
	}
	step := ld.From.Node
	if q.LateStep != "" {
		step = q.LateStep
	}
	d.QualityGates = append(d.QualityGates, DPCSQualityGate{ID: "late-" + ld.Asset,
		Purpose:   "rows behind the watermark of step " + step + " are kept as data, not dropped",
		Category:  "late-data",
		Placement: DPCSPlacement{Kind: "beforeStep", StepID: step},
		Criteria: []DPCSCriterion{{ID: "watermark-" + step, Type: "expression",
			Expression: lateExpression(q)}},
		OnSuccess: "continue: the row reaches the stateful operator",
		OnFailure: "route: the row goes to " + ld.Asset + " (" + ld.Contract + ") with the watermark at arrival"})
}

func loadPurpose(ld ir.Load) string {
	switch ld.From.Port {
	case ir.PortInvalid:
		return "quarantine: rows of " + ld.From.Node + " that broke their contract"
	case ir.PortLate:
		return "late data: rows of " + ld.From.Node + " behind the watermark"
	case ir.PortQuarantine:
		return "quarantine: rows of " + ld.From.Node + " that broke an expectation with action quarantine, with its name as reason"
	}
	return "output of " + ld.From.Node
}

// lateExpression states the watermark test of a late output's query (nil
// when the output has none).
func lateExpression(q *planner.Query) string {
	if q == nil || len(q.Watermarks) == 0 {
		return "event time >= current watermark"
	}
	w := q.Watermarks[0]
	return w.Column + " >= watermark, where watermark = max(" + w.Column + ") of earlier batches - " + w.Delay
}

// dpcsGraphOf derives the step graph from the step-to-step data flows.
func dpcsGraphOf(d *DPCSDoc) DPCSGraph {
	g := DPCSGraph{EntryPoints: []string{}, ExitPoints: []string{}, Edges: []DPCSGraphEdge{}}
	seen := map[string]bool{}
	for _, f := range d.DataFlow {
		from, fromPort, ok1 := stepOfEndpoint(f.From)
		to, _, ok2 := stepOfEndpoint(f.To)
		switch {
		case ok1 && ok2 && !seen[from+">"+to]:
			seen[from+">"+to] = true
			g.Edges = append(g.Edges, DPCSGraphEdge{From: from, To: to, Kind: "data:" + fromPort})
		case !ok1 && ok2 && !slices.Contains(g.EntryPoints, to):
			g.EntryPoints = append(g.EntryPoints, to)
		case ok1 && !ok2 && !slices.Contains(g.ExitPoints, from):
			g.ExitPoints = append(g.ExitPoints, from)
		}
	}
	return g
}

// stepOfEndpoint splits "steps.<id>.(inputs|outputs).<port>".
func stepOfEndpoint(e string) (step, port string, ok bool) {
	const prefix = "steps."
	if len(e) <= len(prefix) || e[:len(prefix)] != prefix {
		return "", "", false
	}
	rest := e[len(prefix):]
	for _, kind := range []string{".inputs.", ".outputs."} {
		for i := len(rest) - len(kind); i > 0; i-- {
			if rest[i:i+len(kind)] == kind {
				return rest[:i], rest[i+len(kind):], true
			}
		}
	}
	return "", "", false
}

// dpcsLineageOf lists dataset and step provenance.
func dpcsLineageOf(pp *planner.PipelinePlan, d *DPCSDoc) DPCSLineage {
	p := pp.IR()
	l := DPCSLineage{Datasets: []DPCSDatasetLineage{}, Steps: []DPCSStepLineage{}}
	for _, ex := range p.Extracts {
		l.Datasets = append(l.Datasets, DPCSDatasetLineage{Dataset: ex.Asset, ContractRef: odcsRef(ex.Contract),
			ConsumedBy: []string{ValidateStepID(ex.Asset)}})
	}
	for _, q := range pp.Queries {
		ld := q.Sink.Load
		ds := DPCSDatasetLineage{Dataset: ld.Asset, ContractRef: odcsRef(ld.Contract), ConsumedBy: []string{}}
		ds.ProducedBy, _, _ = stepOfEndpoint(refEndpoint(d, ld.From))
		if sp := q.Upstream.Step; sp != nil {
			ds.TransformRef = dtcsRef(sp.Step.Transformation)
		}
		l.Datasets = append(l.Datasets, ds)
	}
	for _, s := range d.Steps {
		sl := DPCSStepLineage{StepID: s.ID, Predecessors: []string{}, Successors: []string{}}
		for _, e := range d.Graph.Edges {
			if e.To == s.ID {
				sl.Predecessors = append(sl.Predecessors, e.From)
			}
			if e.From == s.ID {
				sl.Successors = append(sl.Successors, e.To)
			}
		}
		l.Steps = append(l.Steps, sl)
	}
	return l
}
