package funcverdicts

import (
	"errors"
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/localengine"
)

// Answer is what an engine answers for a case: the result type and a
// canonical value per row, or why it ran no row.
type Answer struct {
	// Type is the result type, Spark's name for it (bigint, decimal(18,2)).
	Type string `json:"type,omitempty"`
	// Refused is why the case ran no row: etlgen's diagnostic codes
	// ("ETL-D201") when its type checker refuses the expression, Spark's
	// error class when its analyzer does.
	Refused string `json:"refused,omitempty"`
	// Rows are the canonical results, one per input row: a value, NULL,
	// or "error: <Spark error class>".
	Rows []string `json:"rows,omitempty"`
}

// input is the name of the inline table's input in the plan local
// evaluation infers.
const input = "t"

// Local evaluates c with etlgen targeting Spark line (profile.SparkLines):
// the type checker (package infer) types the expression as the planner
// does, and the local engine evaluates it on every row as that line
// answers. An error is a bug of the case or the engine, not an answer.
func Local(c Case, line string) (Answer, error) {
	node := &ir.Node{Op: ir.OpSelect, Inputs: []*ir.Node{{Op: ir.OpInput, Input: input}},
		Columns: []ir.NamedExpr{{Name: "r", Expr: c.Expr}}}
	contract := &contracts.Contract{ID: "funcverdicts-input", Version: "1.0.0"}
	cols := make([]localengine.Column, len(c.Cols))
	for i, v := range c.Cols {
		contract.Fields = append(contract.Fields, contracts.Field{Name: v.Name, GoName: v.Name, Type: v.Type})
		cols[i] = localengine.Column{Name: v.Name, Type: v.Type}
	}
	schema, diags := infer.Plan(node, map[string]*contracts.Contract{input: contract})
	if err := diags.Err(); err != nil {
		var codes []string
		for _, d := range diags {
			codes = append(codes, d.Code)
		}
		return Answer{Refused: strings.Join(codes, " ")}, nil
	}
	out, _ := schema.Column("r")
	eval, err := localengine.Scalar(c.Expr, localengine.NewSchema(cols), line)
	if err != nil {
		return Answer{}, fmt.Errorf("case %s: %w", c.Name, err)
	}
	a := Answer{Type: typeName(out.Type)}
	for _, row := range c.Rows {
		a.Rows = append(a.Rows, localRow(eval, row, out.Type))
	}
	return a, nil
}

// localRow evaluates one row: its canonical value, or the Spark error
// class the engine raised. A panic of the engine is a bug the corpus
// reports as the row's answer, so that one row does not hide the others.
func localRow(eval func(localengine.Row) (any, error), row []any, t contracts.Type) (out string) {
	defer func() {
		if p := recover(); p != nil {
			out = fmt.Sprintf("engine panic: %v", p)
		}
	}()
	v, err := eval(localengine.Row(row))
	if ee := (*localengine.EvalError)(nil); errors.As(err, &ee) {
		return errorText(ee.Class)
	}
	if err != nil {
		return "engine error: " + err.Error()
	}
	return canonGo(v, t)
}
