package planner_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
	"github.com/google/go-cmp/cmp"
)

type (
	// ruleParams: the step's own values break the rules.
	ruleParams struct {
		Window etl.Duration `default:"1h" validate:"lte=1h"`
		Label  string       `default:"x" validate:"oneof=x y"`
	}
	// badDefaultParams: defaults that break the rules, and a field
	// compared with another.
	badDefaultParams struct {
		Window etl.Duration `default:"2h" validate:"lte=1h"`
		Max    int64        `param:"max_orders" default:"5" validate:"gt=10"`
		Min    int64        `validate:"ltefield=Max"`
	}
	// crossParams: a value compared with another field's default.
	crossParams struct {
		Lo int64 `validate:"ltfield=Hi"`
		Hi int64 `default:"10"`
	}
	// requiredParams: required values of every kind, and a range.
	requiredParams struct {
		Name  string  `validate:"required"`
		Ratio float64 `default:"0.5" validate:"gte=0,lte=1"`
		On    bool    `validate:"required"`
		Limit float64 `validate:"omitempty,lt=0.3"`
	}
	// unparsedParams: defaults and values that do not parse, with rules.
	unparsedParams struct {
		Delay etl.Duration `default:"15 parsecs" validate:"required"`
		N     int64        `default:"many" validate:"gt=0"`
		Gap   etl.Duration `default:"1 hour" validate:"gte=30m"`
	}
	// unknownTagParams: a rule validator does not know.
	unknownTagParams struct {
		N int64 `validate:"nosuchrule"`
	}
	// badArgumentParams: a rule argument that is not a number, reached
	// only by a step's value.
	badArgumentParams struct {
		N int64 `validate:"omitempty,gt=ten"`
	}
)

// paramCase builds a pipeline with a transformation of parameters P and
// one step per value.
func paramCase[P any](id string, values ...P) *etl.Pipeline {
	tr := etl.Transform(id, func(in etl.Stream[orderstreaming.OrderEvent], _ P) etl.Stream[orderstreaming.OrderEvent] { return in })
	return etl.NewPipeline("p-"+id, "1.0.0", func(p *etl.Builder) {
		s := etl.Extract[orderstreaming.OrderEvent](p, "in").Valid()
		for _, v := range values {
			s = tr.Step(p, s, v)
		}
		etl.Load(p, "out", s)
	})
}

// TestParamDiagnostics: the planner checks the validate tags of
// transformation parameters on the values the IR records: the defaults at
// the transformation, each step's own values (not those it took from
// defaults) at the step, with the message, position and path the DSL gave
// when it validated them itself (the D201/D202 wants were recorded from
// the DSL's own validator before the check moved here). A tag validator
// cannot run is ETL-D305, once; the DSL's validator panicked there, and
// the pipeline body with it (ETL-D211).
func TestParamDiagnostics(t *testing.T) {
	tests := []struct {
		name string
		pipe *etl.Pipeline
		want []string
	}{
		{"defaults pass", paramCase("fine", ruleParams{}), nil},
		{"step values break rules", paramCase("rule", ruleParams{Window: etl.ParseDuration("2h"), Label: "z"}), []string{
			"ETL-D202 @rule pipeline/p-rule/step/rule | parameter label = z breaks rule oneof=x y | give the parameter a value that satisfies oneof=x y",
			"ETL-D202 @rule pipeline/p-rule/step/rule | parameter window = 2h0m0s breaks rule lte=1h | give the parameter a value that satisfies lte=1h",
		}},
		{"defaults break rules once", paramCase("bad-default", badDefaultParams{}, badDefaultParams{Min: 3}), []string{
			"ETL-D202 @transformation transformation/bad-default | parameter max_orders = 5 breaks rule gt=10 | give the parameter a value that satisfies gt=10",
			"ETL-D202 @transformation transformation/bad-default | parameter window = 2h0m0s breaks rule lte=1h | give the parameter a value that satisfies lte=1h",
		}},
		{"a value equal to a breaking default", paramCase("same-default", badDefaultParams{Window: etl.ParseDuration("2h"), Min: 9}), []string{
			"ETL-D202 @transformation transformation/same-default | parameter max_orders = 5 breaks rule gt=10 | give the parameter a value that satisfies gt=10",
			"ETL-D202 @transformation transformation/same-default | parameter window = 2h0m0s breaks rule lte=1h | give the parameter a value that satisfies lte=1h",
			"ETL-D202 @same-default pipeline/p-same-default/step/same-default | parameter min = 9 breaks rule ltefield=Max | give the parameter a value that satisfies ltefield=Max",
			"ETL-D202 @same-default pipeline/p-same-default/step/same-default | parameter window = 2h0m0s breaks rule lte=1h | give the parameter a value that satisfies lte=1h",
		}},
		{"cross-field", paramCase("cross", crossParams{Lo: 20}, crossParams{Lo: 5, Hi: 3}), []string{
			"ETL-D202 @cross pipeline/p-cross/step/cross | parameter lo = 20 breaks rule ltfield=Hi | give the parameter a value that satisfies ltfield=Hi",
			"ETL-D202 @cross pipeline/p-cross/step/cross-2 | parameter lo = 5 breaks rule ltfield=Hi | give the parameter a value that satisfies ltfield=Hi",
		}},
		{"required and ranges", paramCase("required", requiredParams{Ratio: 1.5, Limit: tenths(3)}, requiredParams{Name: "n", On: true}), []string{
			"ETL-D202 @transformation transformation/required | parameter name =  breaks rule required | give the parameter a value that satisfies required=",
			"ETL-D202 @transformation transformation/required | parameter on = false breaks rule required | give the parameter a value that satisfies required=",
			"ETL-D202 @required pipeline/p-required/step/required | parameter limit = 0.30000000000000004 breaks rule lt=0.3 | give the parameter a value that satisfies lt=0.3",
			"ETL-D202 @required pipeline/p-required/step/required | parameter name =  breaks rule required | give the parameter a value that satisfies required=",
			"ETL-D202 @required pipeline/p-required/step/required | parameter on = false breaks rule required | give the parameter a value that satisfies required=",
			"ETL-D202 @required pipeline/p-required/step/required | parameter ratio = 1.5 breaks rule lte=1 | give the parameter a value that satisfies lte=1",
		}},
		{"unparsed defaults and values", paramCase("unparsed", unparsedParams{}, unparsedParams{Delay: etl.ParseDuration("soon"), Gap: etl.ParseDuration("10 minutes")}), []string{
			"ETL-D201 @transformation transformation/unparsed | parameter delay: default \"15 parsecs\": duration \"15 parsecs\": bad term \"15 parsecs\" | fix the default tag of the parameter",
			"ETL-D201 @transformation transformation/unparsed | parameter n: default \"many\": not an integer: strconv.ParseInt: parsing \"many\": invalid syntax | fix the default tag of the parameter",
			"ETL-D202 @transformation transformation/unparsed | parameter delay = 0s breaks rule required | give the parameter a value that satisfies required=",
			"ETL-D202 @transformation transformation/unparsed | parameter n = 0 breaks rule gt=0 | give the parameter a value that satisfies gt=0",
			"ETL-D201 @unparsed pipeline/p-unparsed/step/unparsed-2 | parameter delay: duration \"soon\": want Go form like 15m or Spark form like \"15 minutes\" | write a duration like 15m or \"15 minutes\"",
			"ETL-D202 @unparsed pipeline/p-unparsed/step/unparsed-2 | parameter delay = 0s breaks rule required | give the parameter a value that satisfies required=",
			"ETL-D202 @unparsed pipeline/p-unparsed/step/unparsed-2 | parameter gap = 10m0s breaks rule gte=30m | give the parameter a value that satisfies gte=30m",
		}},
		{"unknown rule", paramCase("unknown-rule", unknownTagParams{}, unknownTagParams{N: 1}), []string{
			"ETL-D305 @transformation transformation/unknown-rule | parameters: a validate tag cannot be checked: Undefined validation function 'nosuchrule' on field 'N' | use validator's built-in rules with arguments of the field's type, e.g. validate:\"gte=0\" or validate:\"oneof=a b\"",
		}},
		{"argument not a number", paramCase("bad-argument", badArgumentParams{}, badArgumentParams{N: 5}, badArgumentParams{N: 6}), []string{
			"ETL-D305 @bad-argument pipeline/p-bad-argument/step/bad-argument-2 | parameters: a validate tag cannot be checked: strconv.ParseInt: parsing \"ten\": invalid syntax | use validator's built-in rules with arguments of the field's type, e.g. validate:\"gte=0\" or validate:\"oneof=a b\"",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := etl.DocumentOf(tt.pipe)
			_, diags := planner.Plan(doc, nil, planner.Options{})
			var got []string
			for _, d := range diags {
				if slices.Contains([]string{ir.CodeParamDefault, ir.CodeParamInvalid, ir.CodeBodyPanic, planner.CodeParamTag}, d.Code) {
					got = append(got, fmt.Sprintf("%s @%s %s | %s | %s", d.Code, where(doc, d.Pos.String()), d.Path, d.Message, d.Hint))
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s\n%q", diff, got)
			}
		})
	}
}

// tenths is n/10 computed at run time (0.30000000000000004 for 3).
func tenths(n int) float64 {
	x := 0.0
	for range n {
		x += 0.1
	}
	return x
}

// where names the transformation or step declared at pos.
func where(doc *ir.Document, pos string) string {
	for _, tr := range doc.Transformations {
		if tr.Pos.String() == pos {
			return "transformation"
		}
	}
	for _, p := range doc.Pipelines {
		for _, st := range p.Steps {
			if st.Pos.String() == pos {
				return st.ID
			}
		}
	}
	return strings.TrimSpace(pos)
}
