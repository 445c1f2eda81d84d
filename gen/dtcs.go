package gen

import (
	"bytes"
	"context"
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/framework/ir"
)

// DTCSVersion is the apiVersion of etlgen's transformation contracts; the
// format is documented in docs/docs-generation.md and its JSON Schema is
// gen/schemas/dtcs-v1.schema.json.
const DTCSVersion = "etlgen.dev/dtcs/v1"

// DTCS writes one transformation contract per transformation of the IR:
// transformations/<id>.dtcs.yaml.
type DTCS struct{}

// Name returns "dtcs".
func (DTCS) Name() string { return "dtcs" }

// Spec describes the generator.
func (DTCS) Spec() Spec {
	return Spec{
		Summary: "transformation contracts: ports, parameters, event-time semantics, column lineage",
		Group:   GroupContracts,
		Outputs: "transformations/<id>.dtcs.yaml",
		Owns:    []string{"transformations/*.dtcs.yaml"},
	}
}

// DTCSDoc is a transformation contract.
type DTCSDoc struct {
	APIVersion  string          `yaml:"apiVersion"`
	Kind        string          `yaml:"kind"`
	ID          string          `yaml:"id"`
	Name        string          `yaml:"name"`
	Version     string          `yaml:"version"`
	Description string          `yaml:"description,omitempty"`
	Inputs      []DTCSPort      `yaml:"inputs"`
	Outputs     []DTCSPort      `yaml:"outputs"`
	Parameters  []DTCSParameter `yaml:"parameters"`
	Semantics   DTCSSemantics   `yaml:"semantics"`
	Lineage     []DTCSLineage   `yaml:"lineage"`
}

// DTCSPort is an input or output with its data contract reference.
type DTCSPort struct {
	Name string `yaml:"name"`
	// Contract is "odcs:<id>"; ContractVersion its version; Location the
	// ODCS file relative to this file.
	Contract        string `yaml:"contract"`
	ContractVersion string `yaml:"contractVersion,omitempty"`
	Location        string `yaml:"location"`
	Static          bool   `yaml:"static,omitempty"`
}

// DTCSParameter is a declared parameter.
type DTCSParameter struct {
	Name        string `yaml:"name"`
	Type        string `yaml:"type"`
	Default     string `yaml:"default,omitempty"`
	Description string `yaml:"description,omitempty"`
}

// DTCSSemantics is what the plan does in event time (defaults applied).
type DTCSSemantics struct {
	EventTime     *DTCSEventTime  `yaml:"eventTime,omitempty"`
	Filters       []string        `yaml:"filters"`
	Watermarks    []DTCSWatermark `yaml:"watermarks"`
	Windows       []DTCSWindow    `yaml:"windows"`
	GroupBy       []string        `yaml:"groupBy"`
	Aggregates    []DTCSAggregate `yaml:"aggregates"`
	Joins         []DTCSJoin      `yaml:"joins"`
	Deduplication []DTCSDedup     `yaml:"deduplication"`
	// Repartitions are the plan's repartitions (Stream.Repartition), in
	// plan order; omitted when there are none.
	Repartitions []DTCSRepartition `yaml:"repartitions,omitempty"`
	Stateful     bool              `yaml:"stateful"`
	// OutputMode is the mode the planner chose for the transformation's
	// first step that owns a stateful operator (the mode of the query
	// running it); OutputModeReason says why. Empty for a stateless
	// transformation and when unbound.
	OutputMode       string `yaml:"outputMode,omitempty"`
	OutputModeReason string `yaml:"outputModeReason,omitempty"`
}

// DTCSEventTime is the event-time column and the input it comes from.
type DTCSEventTime struct {
	Input  string `yaml:"input,omitempty"`
	Column string `yaml:"column"`
}

// DTCSWatermark is a WithWatermark.
type DTCSWatermark struct {
	Column string `yaml:"column"`
	Delay  string `yaml:"delay"`
}

// DTCSWindow is an event-time window.
type DTCSWindow struct {
	Kind       string `yaml:"kind"`
	TimeColumn string `yaml:"timeColumn"`
	Duration   string `yaml:"duration,omitempty"`
	Slide      string `yaml:"slide,omitempty"`
	Gap        string `yaml:"gap,omitempty"`
}

// DTCSAggregate is one aggregate output column.
type DTCSAggregate struct {
	Name       string   `yaml:"name"`
	Function   string   `yaml:"function"`
	Arguments  []string `yaml:"arguments"`
	Distinct   bool     `yaml:"distinct,omitempty"`
	Expression string   `yaml:"expression"`
}

// DTCSJoin is a join with its keys and event-time bounds.
type DTCSJoin struct {
	Type        string         `yaml:"type"`
	LeftKeys    []string       `yaml:"leftKeys"`
	RightKeys   []string       `yaml:"rightKeys"`
	TimeRange   *DTCSTimeRange `yaml:"timeRange,omitempty"`
	StaticRight bool           `yaml:"staticRight,omitempty"`
}

// DTCSTimeRange bounds a stream-stream join.
type DTCSTimeRange struct {
	LeftTime  string `yaml:"leftTime"`
	RightTime string `yaml:"rightTime"`
	Lower     string `yaml:"lower"`
	Upper     string `yaml:"upper"`
}

// DTCSRepartition is a repartition: a shuffle into Partitions partitions
// by hash of Keys, round-robin when Keys is empty. It keeps no state.
type DTCSRepartition struct {
	Partitions int      `yaml:"partitions"`
	Keys       []string `yaml:"keys"`
}

// DTCSDedup is a deduplication on keys.
type DTCSDedup struct {
	Keys            []string `yaml:"keys"`
	WithinWatermark bool     `yaml:"withinWatermark"`
}

// DTCSLineage maps an output column to the input columns it derives from,
// as "<input>.<column>".
type DTCSLineage struct {
	Column string   `yaml:"column"`
	From   []string `yaml:"from"`
}

// Generate returns one file per transformation of the IR, in IR order.
func (DTCS) Generate(ctx context.Context, m *Model) ([]File, error) {
	if m.Plan == nil {
		return nil, nil
	}
	var out []File
	doc := m.Plan.Document()
	for i := range doc.Transformations {
		t := &doc.Transformations[i]
		data, err := marshalYAML(DTCSOf(m, t))
		if err != nil {
			return nil, fmt.Errorf("transformation %s: %w", t.ID, err)
		}
		out = append(out, File{Path: DTCSPath(t.ID), Data: data})
	}
	return out, nil
}

// DTCSPath is the path of a transformation contract under the output directory.
func DTCSPath(id string) string { return "transformations/" + id + ".dtcs.yaml" }

// DTCSOf builds the transformation contract of t.
func DTCSOf(m *Model, t *ir.Transformation) DTCSDoc {
	doc := DTCSDoc{APIVersion: DTCSVersion, Kind: "TransformationContract", ID: t.ID, Name: camelName(t.ID),
		Version: t.Version, Description: t.Description, Inputs: []DTCSPort{}, Outputs: []DTCSPort{},
		Parameters: []DTCSParameter{}, Lineage: []DTCSLineage{}}
	if doc.Version == "" {
		doc.Version = "0.0.0"
	}
	for _, p := range t.Inputs {
		doc.Inputs = append(doc.Inputs, portOf(m, p))
	}
	for _, p := range t.Outputs {
		doc.Outputs = append(doc.Outputs, portOf(m, p))
	}
	for _, p := range t.Params {
		doc.Parameters = append(doc.Parameters, DTCSParameter{Name: p.Name, Type: p.Type, Default: p.Default, Description: p.Description})
	}
	doc.Semantics = semanticsOf(t.Plan)
	doc.Semantics.EventTime = dtcsEventTime(m, t, doc.Semantics)
	doc.Semantics.OutputMode, doc.Semantics.OutputModeReason = outputModeOf(m, t.ID)
	doc.Lineage = lineageOf(m, t)
	return doc
}

func portOf(m *Model, p ir.Port) DTCSPort {
	out := DTCSPort{Name: p.Name, Contract: "odcs:" + p.Contract, Location: "../" + ODCSPath(p.Contract), Static: p.Static}
	if c, ok := contractOf(m, p.Contract); ok {
		out.ContractVersion = c.Version
	}
	return out
}

// dtcsEventTime is the first watermarked column, and the input whose contract
// declares it.
func dtcsEventTime(m *Model, t *ir.Transformation, s DTCSSemantics) *DTCSEventTime {
	if len(s.Watermarks) == 0 {
		return nil
	}
	col := s.Watermarks[0].Column
	out := &DTCSEventTime{Column: col}
	for _, in := range t.Inputs {
		if c, ok := contractOf(m, in.Contract); ok {
			if f, ok := c.EventTimeField(); ok && f.Name == col {
				out.Input = in.Name
				break
			}
		}
	}
	return out
}

// outputModeOf is the output mode of the first step of the transformation
// (in plan order) that owns a stateful operator, as the planner's StepPlan
// states it. None for a stateless transformation (the mode belongs to the
// step downstream that keeps state, or to the query alone) and when
// unbound: the mode depends on the bound sinks.
func outputModeOf(m *Model, id string) (string, string) {
	if !m.bound() {
		return "", ""
	}
	for i := range m.Plan.Pipelines {
		pp := &m.Plan.Pipelines[i]
		for j := range pp.Steps {
			if sp := &pp.Steps[j]; sp.Step.Transformation == id && sp.Stateful != nil && sp.OutputMode != "" {
				return sp.OutputMode, sp.OutputModeReason
			}
		}
	}
	return "", ""
}

// lineageOf lists each output column's sources, from the schema the
// planner inferred for the transformation's default plan.
func lineageOf(m *Model, t *ir.Transformation) []DTCSLineage {
	out := []DTCSLineage{}
	if m.Plan == nil {
		return out
	}
	inf, _ := m.Plan.Inferred(t)
	for _, c := range inf.Schema.Columns {
		l := DTCSLineage{Column: c.Name, From: []string{}}
		for _, s := range c.Lineage {
			l.From = append(l.From, s.Input+"."+s.Column)
		}
		out = append(out, l)
	}
	return out
}

// marshalYAML renders v as YAML after the generated-file header.
func marshalYAML(v any) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString("# " + Header + "\n")
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encode yaml: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("encode yaml: %w", err)
	}
	return buf.Bytes(), nil
}
