package ir

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
)

// Version is the IR format version written in every document.
const Version = "etlgen.ir/v1"

// Document is one IR document: the pipelines of a Go package and every
// contract and transformation they reference.
type Document struct {
	IRVersion       string               `json:"irVersion"`
	Package         string               `json:"package,omitempty"`
	Contracts       []contracts.Contract `json:"contracts"`
	Transformations []Transformation     `json:"transformations"`
	Pipelines       []Pipeline           `json:"pipelines"`
	// Diagnostics are the problems the DSL recorded while building the
	// document (bad parameter defaults, streams used in the wrong place, types
	// without a contract). The planner reports them with its own.
	Diagnostics diag.List `json:"diagnostics,omitempty"`
}

// Pipeline is a graph of extracts, steps and loads.
type Pipeline struct {
	ID          string    `json:"id"`
	Version     string    `json:"version"`
	Description string    `json:"description,omitempty"`
	Extracts    []Extract `json:"extracts"`
	Steps       []Step    `json:"steps"`
	Loads       []Load    `json:"loads"`
	// Gates are the pipeline's quality gates, in declaration order.
	Gates []Gate `json:"gates,omitempty"`
	// Expectations are the pipeline's expectations, in declaration order.
	Expectations []Expectation `json:"expectations,omitempty"`
	Pos          diag.Position `json:"pos"`
}

// Port names of the outputs of an extract or a step.
const (
	PortValid   = "valid"   // rows that satisfy the contract
	PortInvalid = "invalid" // rejected rows (RejectedEvent shape)
	PortLate    = "late"    // rows behind the watermark of a downstream stateful operator
	PortOut     = "out"     // a step's output
	// PortQuarantine: the rows of an extract's valid stream or a step's
	// output that broke one of its expectations with action quarantine,
	// with the reason columns (QuarantineColumns).
	PortQuarantine = "quarantine"
)

// Ref names one output stream: a node (extract asset or step id) and a port.
type Ref struct {
	Node string `json:"node"`
	Port string `json:"port"`
}

// Extract reads a source asset and validates it against a contract.
type Extract struct {
	// Asset is the logical asset name, bound to a system by the profile.
	Asset    string `json:"asset"`
	Contract string `json:"contract"`
	// Static marks a bounded (batch) source read once per micro-batch, the
	// static side of a stream-static join.
	Static bool          `json:"static,omitempty"`
	Pos    diag.Position `json:"pos"`
}

// Binding connects a transformation input to a stream.
type Binding struct {
	Input string `json:"input"`
	From  Ref    `json:"from"`
}

// ParamValue is a parameter value of a step, rendered as a string.
type ParamValue struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// Defaulted marks a value the step took from the parameter's default
	// (it left the field zero): the planner checks the default's validate
	// rule at the transformation, not again at the step.
	Defaulted bool `json:"defaulted,omitempty"`
}

// Step applies a transformation to bound inputs with parameter values.
type Step struct {
	ID             string       `json:"id"`
	Transformation string       `json:"transformation"`
	Inputs         []Binding    `json:"inputs"`
	Params         []ParamValue `json:"params,omitempty"`
	// Plan is the transformation's logical plan built with this step's
	// parameter values.
	Plan *Node         `json:"plan"`
	Pos  diag.Position `json:"pos"`
}

// Load writes a stream to a sink asset.
type Load struct {
	Asset    string        `json:"asset"`
	From     Ref           `json:"from"`
	Contract string        `json:"contract"`
	Pos      diag.Position `json:"pos"`
	// Changes, when set, makes the load a CDF MERGE: the stream (of
	// Contract, with the CDF columns) is applied to the target table as
	// changes (see ApplyChanges).
	Changes *ApplyChanges `json:"changes,omitempty"`
}

// Port is a typed input or output of a transformation.
type Port struct {
	Name     string `json:"name"`
	Contract string `json:"contract"`
	// Static marks an input that must be bound to a static (batch) stream.
	Static bool `json:"static,omitempty"`
}

// Param is a declared transformation parameter.
type Param struct {
	Name        string `json:"name"`
	Type        string `json:"type"` // duration, string, int, float, bool
	Default     string `json:"default,omitempty"`
	Description string `json:"description,omitempty"`
	// Field is the Go name of the parameter struct's field, the name its
	// validate rules refer to (ltfield=Max).
	Field string `json:"field,omitempty"`
	// Validate is the field's validate tag (go-playground/validator/v10),
	// checked by the planner on the default and on every step's value.
	Validate string `json:"validate,omitempty"`
}

// Transformation is a typed, parameterised logical plan.
type Transformation struct {
	ID          string  `json:"id"`
	Version     string  `json:"version,omitempty"`
	Description string  `json:"description,omitempty"`
	Inputs      []Port  `json:"inputs"`
	Outputs     []Port  `json:"outputs"`
	Params      []Param `json:"params,omitempty"`
	// Plan is the logical plan built with the parameter defaults.
	Plan *Node         `json:"plan"`
	Pos  diag.Position `json:"pos"`
}
