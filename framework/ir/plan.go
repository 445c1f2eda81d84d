package ir

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
)

// Op is the kind of a logical plan node.
type Op string

// The plan operators.
const (
	OpInput                  Op = "input"      // Input: the transformation input name
	OpFilter                 Op = "filter"     // Predicate
	OpSelect                 Op = "select"     // Columns (replaces the schema)
	OpWithColumn             Op = "withColumn" // Columns (adds or replaces)
	OpWatermark              Op = "watermark"  // Column, Delay
	OpAggregate              Op = "aggregate"  // GroupBy, Window, Aggs
	OpDropDuplicates         Op = "dropDuplicates"
	OpDropDuplicatesWithinWM Op = "dropDuplicatesWithinWatermark"
	OpJoin                   Op = "join"        // Join; Inputs[0] left, Inputs[1] right
	OpUnion                  Op = "union"       // Inputs
	OpSort                   Op = "sort"        // Columns: asc/desc calls around the keys (rejected on streams)
	OpLimit                  Op = "limit"       // Limit (on a stream: the first N rows overall; not in update mode)
	OpRepartition            Op = "repartition" // Partitions, Keys: hash-partition by Keys (round-robin when none); stateless
	OpIntoOutput             Op = "into"        // Output: conform to the output contract
)

// Node is one operator of a logical plan. Fields beyond Op and Inputs are set
// according to Op (see the Op constants).
type Node struct {
	Op     Op      `json:"op"`
	Inputs []*Node `json:"inputs,omitempty"`

	Input      string        `json:"input,omitempty"`      // OpInput
	Predicate  *Expr         `json:"predicate,omitempty"`  // OpFilter
	Columns    []NamedExpr   `json:"columns,omitempty"`    // OpSelect, OpWithColumn, OpSort
	Column     string        `json:"column,omitempty"`     // OpWatermark: event-time column
	Delay      Duration      `json:"delay,omitempty"`      // OpWatermark
	GroupBy    []*Expr       `json:"groupBy,omitempty"`    // OpAggregate
	Window     *Window       `json:"window,omitempty"`     // OpAggregate
	Aggs       []NamedExpr   `json:"aggs,omitempty"`       // OpAggregate
	Keys       []string      `json:"keys,omitempty"`       // OpDropDuplicates*, OpRepartition
	Join       *Join         `json:"join,omitempty"`       // OpJoin
	Limit      int           `json:"limit,omitempty"`      // OpLimit
	Partitions int           `json:"partitions,omitempty"` // OpRepartition: 1 ≤ n ≤ MaxPartitions
	Output     string        `json:"output,omitempty"`     // OpIntoOutput: contract id
	Pos        diag.Position `json:"pos"`
}

// MaxPartitions is the largest partition count of an OpRepartition: Spark's
// numPartitions is a 32-bit int.
const MaxPartitions = 1<<31 - 1

// Duration is a time span in its canonical Go form, e.g. "15m0s".
type Duration string

// WindowKind is the kind of an event-time window.
type WindowKind string

// The window kinds.
const (
	Tumbling WindowKind = "tumbling"
	Sliding  WindowKind = "sliding"
	Session  WindowKind = "session"
)

// Window groups rows by event time. Its output columns are window_start and
// window_end unless renamed.
type Window struct {
	Kind       WindowKind `json:"kind"`
	TimeColumn string     `json:"timeColumn"`
	Duration   Duration   `json:"duration,omitempty"` // tumbling, sliding
	Slide      Duration   `json:"slide,omitempty"`    // sliding
	Gap        Duration   `json:"gap,omitempty"`      // session
}

// JoinType is the kind of a join.
type JoinType string

// The join types.
const (
	JoinInner JoinType = "inner"
	JoinLeft  JoinType = "left"
	JoinRight JoinType = "right"
	JoinFull  JoinType = "full"
	JoinSemi  JoinType = "semi"
	JoinAnti  JoinType = "anti"
)

// Join joins Inputs[0] (left) with Inputs[1] (right) on equal keys and an
// optional event-time range: right.RightTime BETWEEN left.LeftTime + Lower AND
// left.LeftTime + Upper.
type Join struct {
	Type      JoinType   `json:"type"`
	LeftKeys  []string   `json:"leftKeys"`
	RightKeys []string   `json:"rightKeys"`
	TimeRange *TimeRange `json:"timeRange,omitempty"`
	// Static marks the right side as a static (batch) table.
	Static bool `json:"static,omitempty"`
}

// TimeRange bounds a stream-stream join in event time.
type TimeRange struct {
	LeftTime  string   `json:"leftTime"`
	RightTime string   `json:"rightTime"`
	Lower     Duration `json:"lower"` // may be negative, e.g. "-10m0s"
	Upper     Duration `json:"upper"`
}

// NamedExpr is an expression with its output column name.
type NamedExpr struct {
	Name string `json:"name"`
	Expr *Expr  `json:"expr"`
}

// ExprKind is the kind of an expression node.
type ExprKind string

// The expression kinds.
const (
	ExprColumn  ExprKind = "col"  // Name
	ExprLiteral ExprKind = "lit"  // Value, Type
	ExprCall    ExprKind = "call" // Name (function or operator), Args
	ExprCast    ExprKind = "cast" // Type, Args[0]
	ExprCase    ExprKind = "case" // Args: when1, then1, ..., [else]
	ExprAgg     ExprKind = "agg"  // Name (count, sum, ...), Args, Distinct
)

// Expr is a scalar or aggregate expression.
type Expr struct {
	Kind     ExprKind        `json:"kind"`
	Name     string          `json:"name,omitempty"`
	Value    string          `json:"value,omitempty"`
	Type     *contracts.Type `json:"type,omitempty"`
	Args     []*Expr         `json:"args,omitempty"`
	Distinct bool            `json:"distinct,omitempty"`
}
