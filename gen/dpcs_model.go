package gen

// DPCSVersion is the DPCS specification version the pipeline contracts
// target.
const DPCSVersion = "1.0.0"

// DPCSDoc is a DPCS pipeline contract (shared/schemas/dpcs-PipelineContract
// .schema.json). What DPCS has no field for (bindings, trigger, checkpoint
// identities, delivery guarantees) goes under x-etlgen extension keys, which
// DPCS reserves for vendors.
type DPCSDoc struct {
	DPCSVersion        string             `yaml:"dpcsVersion"`
	ID                 string             `yaml:"id"`
	Name               string             `yaml:"name"`
	Version            string             `yaml:"version"`
	Metadata           DPCSMetadata       `yaml:"metadata"`
	Interface          DPCSInterface      `yaml:"interface"`
	ContractReferences []DPCSContractRef  `yaml:"contractReferences"`
	Steps              []DPCSStep         `yaml:"steps"`
	Graph              DPCSGraph          `yaml:"graph"`
	DataFlow           []DPCSDataFlow     `yaml:"dataFlow"`
	Execution          DPCSExecution      `yaml:"execution"`
	Scheduling         []DPCSScheduling   `yaml:"scheduling"`
	QualityGates       []DPCSQualityGate  `yaml:"qualityGates"`
	FailureSemantics   []DPCSFailure      `yaml:"failureSemantics"`
	Lineage            DPCSLineage        `yaml:"lineage"`
	Guarantees         []DPCSGuarantee    `yaml:"x-etlgen-deliveryGuarantees"`
	Bound              DPCSBindingSummary `yaml:"x-etlgen-binding"`
}

// DPCSMetadata is descriptive metadata.
type DPCSMetadata struct {
	Description string   `yaml:"description,omitempty"`
	Owner       string   `yaml:"owner,omitempty"`
	Tags        []string `yaml:"tags"`
}

// DPCSInterface is the pipeline's external boundary.
type DPCSInterface struct {
	Inputs  []DPCSPort `yaml:"inputs"`
	Outputs []DPCSPort `yaml:"outputs"`
}

// DPCSPort is an interface port: an extract or a load.
type DPCSPort struct {
	ID          string       `yaml:"id"`
	Name        string       `yaml:"name"`
	ContractRef string       `yaml:"contractRef"`
	Purpose     string       `yaml:"purpose"`
	Binding     *DPCSBinding `yaml:"x-etlgen-binding,omitempty"`
}

// DPCSBinding is the profile binding of a port (no options, no secrets).
type DPCSBinding struct {
	Profile    string   `yaml:"profile"`
	Plugin     string   `yaml:"plugin"`
	System     string   `yaml:"system"`
	Identity   string   `yaml:"identity"`
	WriteMode  string   `yaml:"writeMode,omitempty"`
	MergeKeys  []string `yaml:"mergeKeys,omitempty"`
	Offsets    string   `yaml:"offsets,omitempty"`
	Checkpoint string   `yaml:"checkpoint,omitempty"`
	// PartitionBy, TableProperties and MergeSchema are how a sink's table
	// is created and evolves (planner.Sink).
	PartitionBy     []string          `yaml:"partitionBy,omitempty"`
	TableProperties map[string]string `yaml:"tableProperties,omitempty"`
	MergeSchema     bool              `yaml:"mergeSchema,omitempty"`
}

// DPCSContractRef references an ODCS or DTCS file.
type DPCSContractRef struct {
	ID       string `yaml:"id"`
	Type     string `yaml:"type"`
	Location string `yaml:"location"`
	Version  string `yaml:"version,omitempty"`
}

// DPCSStep is a validation or transformation step.
type DPCSStep struct {
	ID           string         `yaml:"id"`
	Name         string         `yaml:"name"`
	Type         string         `yaml:"type"`
	ContractRef  string         `yaml:"contractRef,omitempty"`
	TransformRef string         `yaml:"transformRef,omitempty"`
	Inputs       []DPCSStepPort `yaml:"inputs"`
	Outputs      []DPCSStepPort `yaml:"outputs"`
	Parameters   []DPCSParam    `yaml:"x-etlgen-parameters,omitempty"`
	// State is the stateful operator the step owns and the output mode the
	// query running it has; nil for a stateless step or when unbound.
	State *DPCSStepState `yaml:"x-etlgen-state,omitempty"`
}

// DPCSStepState is what the planner decided for the step's stateful
// operator (planner.StepPlan): its kind, the query that runs it and that
// query's output mode with the reason.
type DPCSStepState struct {
	Operator         string `yaml:"operator"`
	Query            string `yaml:"query"`
	OutputMode       string `yaml:"outputMode"`
	OutputModeReason string `yaml:"outputModeReason"`
}

// DPCSStepPort is a step's input or output.
type DPCSStepPort struct {
	ID          string `yaml:"id"`
	ContractRef string `yaml:"contractRef,omitempty"`
}

// DPCSParam is a step's parameter value.
type DPCSParam struct {
	Name  string `yaml:"name"`
	Value string `yaml:"value"`
}

// DPCSGraph is the step graph.
type DPCSGraph struct {
	EntryPoints []string        `yaml:"entryPoints"`
	ExitPoints  []string        `yaml:"exitPoints"`
	Edges       []DPCSGraphEdge `yaml:"edges"`
}

// DPCSGraphEdge is an edge between steps.
type DPCSGraphEdge struct {
	From string `yaml:"from"`
	To   string `yaml:"to"`
	Kind string `yaml:"kind"`
}

// DPCSDataFlow moves a dataset between endpoints.
type DPCSDataFlow struct {
	From        string `yaml:"from"`
	To          string `yaml:"to"`
	Dataset     string `yaml:"dataset"`
	ContractRef string `yaml:"contractRef,omitempty"`
}

// DPCSExecution is the execution requirements, with etlgen's execution
// facts (mode, trigger, checkpoints) as an extension.
type DPCSExecution struct {
	Environment          DPCSEnvironment `yaml:"environment"`
	RequiredCapabilities []string        `yaml:"requiredCapabilities"`
	Etlgen               DPCSEtlgenExec  `yaml:"x-etlgen"`
}

// DPCSEnvironment is the execution environment.
type DPCSEnvironment struct {
	Profile              string   `yaml:"profile"`
	RuntimeDependencies  []string `yaml:"runtimeDependencies"`
	SoftwareCapabilities []string `yaml:"softwareCapabilities"`
}

// DPCSEtlgenExec is how the pipeline runs under the profile.
type DPCSEtlgenExec struct {
	Engine         string      `yaml:"engine"`
	Mode           string      `yaml:"mode"`
	Trigger        string      `yaml:"trigger"`
	CheckpointRoot string      `yaml:"checkpointRoot,omitempty"`
	Queries        []DPCSQuery `yaml:"queries"`
}

// DPCSQuery is one streaming query and its checkpoint identity.
type DPCSQuery struct {
	Name       string   `yaml:"name"`
	Sources    []string `yaml:"sources"`
	Steps      []string `yaml:"steps"`
	OutputMode string   `yaml:"outputMode"`
	Checkpoint string   `yaml:"checkpoint"`
	// Host is, for a hosted load (multi-sink), the query whose
	// micro-batches write it; Hosted the loads a query writes besides its
	// sink.
	Host   string   `yaml:"host,omitempty"`
	Hosted []string `yaml:"hosted,omitempty"`
}

// DPCSScheduling is a scheduling intent (the trigger).
type DPCSScheduling struct {
	ID        string `yaml:"id"`
	Mode      string `yaml:"mode"`
	Frequency string `yaml:"frequency"`
}

// DPCSQualityGate is a contract-validation or late-data gate.
type DPCSQualityGate struct {
	ID        string          `yaml:"id"`
	Purpose   string          `yaml:"purpose"`
	Category  string          `yaml:"category"`
	Placement DPCSPlacement   `yaml:"placement"`
	Criteria  []DPCSCriterion `yaml:"criteria"`
	OnSuccess string          `yaml:"onSuccess"`
	OnFailure string          `yaml:"onFailure"`
}

// DPCSPlacement places a gate.
type DPCSPlacement struct {
	Kind   string `yaml:"kind"`
	StepID string `yaml:"stepId,omitempty"`
}

// DPCSCriterion is one criterion of a gate.
type DPCSCriterion struct {
	ID          string `yaml:"id"`
	Type        string `yaml:"type"`
	ContractRef string `yaml:"contractRef,omitempty"`
	Expression  string `yaml:"expression"`
}

// DPCSFailure is the failure semantics of a scope.
type DPCSFailure struct {
	ID        string       `yaml:"id"`
	Category  string       `yaml:"category"`
	Scope     DPCSScope    `yaml:"scope"`
	Triggers  []string     `yaml:"triggers"`
	Responses []string     `yaml:"responses"`
	Recovery  DPCSRecovery `yaml:"recovery"`
}

// DPCSScope is the scope of failure semantics.
type DPCSScope struct {
	Kind string `yaml:"kind"`
	Path string `yaml:"path,omitempty"`
}

// DPCSRecovery is how a scope recovers.
type DPCSRecovery struct {
	Checkpoint       string `yaml:"checkpoint"`
	Restart          string `yaml:"restart"`
	Resume           string `yaml:"resume"`
	StateRestoration string `yaml:"stateRestoration"`
}

// DPCSLineage is dataset and step provenance.
type DPCSLineage struct {
	Datasets []DPCSDatasetLineage `yaml:"datasets"`
	Steps    []DPCSStepLineage    `yaml:"steps"`
}

// DPCSDatasetLineage says which steps produce and consume a dataset.
type DPCSDatasetLineage struct {
	Dataset      string   `yaml:"dataset"`
	ContractRef  string   `yaml:"contractRef,omitempty"`
	ProducedBy   string   `yaml:"producedBy,omitempty"`
	TransformRef string   `yaml:"transformRef,omitempty"`
	ConsumedBy   []string `yaml:"consumedBy"`
}

// DPCSStepLineage lists a step's neighbours.
type DPCSStepLineage struct {
	StepID       string   `yaml:"stepId"`
	Predecessors []string `yaml:"predecessors"`
	Successors   []string `yaml:"successors"`
}

// DPCSGuarantee is the delivery guarantee of one source/sink pair.
type DPCSGuarantee struct {
	Query        string   `yaml:"query"`
	Sources      []string `yaml:"sources"`
	Sink         string   `yaml:"sink"`
	Level        string   `yaml:"level"`
	Statement    string   `yaml:"statement"`
	Requirements []string `yaml:"requirements"`
}

// DPCSBindingSummary says whether the contract is bound to a profile.
type DPCSBindingSummary struct {
	Profile string `yaml:"profile"`
	Bound   bool   `yaml:"bound"`
}
