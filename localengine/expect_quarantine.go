package localengine

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// quarantineOp is a stream's Quarantined() rows (ir.PortQuarantine): the
// rows of its input, the stream before its expectations, that break one of
// the stream's expectations with action quarantine, with the reason
// columns. It applies the stream's expectations in declaration order as
// the stream's readers do, without counting them (the queries that read
// the stream count): a row a drop removes or a fail stops is not
// quarantined, a row goes out with the first quarantine expectation it
// breaks.
type quarantineOp struct {
	passOp
	out      *Schema
	pipeline string
	checks   []*expectOp
}

// quarantineSchema is s with the reason columns of a quarantined row.
func quarantineSchema(s *Schema) *Schema {
	cols := append(append([]Column(nil), s.Cols...),
		Column{Name: ir.QuarantineExpectation, Type: contracts.Type{Kind: contracts.KindString}},
		Column{Name: ir.QuarantinePipeline, Type: contracts.Type{Kind: contracts.KindString}},
		Column{Name: ir.QuarantineObservedAt, Type: contracts.Type{Kind: contracts.KindTimestamp}})
	return NewSchema(cols)
}

// quarantine compiles the Quarantined() rows of stream base.
func (c *compiler) quarantine(s planner.Stream) (operator, error) {
	base := s.Ref
	in, err := c.stream(s)
	if err != nil {
		return nil, err
	}
	op := &quarantineOp{passOp: passOp{in}, out: quarantineSchema(in.schema()), pipeline: c.pp.ID}
	for i := range c.pp.Expectations {
		if e := &c.pp.Expectations[i]; e.On == base {
			check, err := newExpectOp(c.exprs, e, in)
			if err != nil {
				return nil, err
			}
			op.checks = append(op.checks, check)
		}
	}
	return op, nil
}

func (op *quarantineOp) schema() *Schema { return op.out }

func (op *quarantineOp) process(b *batch) []Row { return collect(op, b) }

func (op *quarantineOp) apply(b *batch, in, out []Row) []Row {
	for _, r := range in {
		if name, ok := op.reason(b, r); ok {
			out = append(out, append(append(make(Row, 0, len(r)+3), r...), name, op.pipeline, b.ts.UTC()))
		}
	}
	return out
}

// reason is the name of the first expectation with action quarantine that
// row r breaks, once the expectations before it kept r; ok is false when
// r is not quarantined.
func (op *quarantineOp) reason(b *batch, r Row) (string, bool) {
	for _, x := range op.checks {
		if x.test(b, r) || x.e.Action == ir.ExpectWarn {
			continue
		}
		switch x.e.Action {
		case ir.ExpectQuarantine:
			return x.e.Name, true
		case ir.ExpectFail:
			if b.expects.failed == nil {
				b.expects.failed = &ExpectationError{BatchID: b.id, Expectation: x.e.Name, Condition: x.e.Condition,
					Row: string(EncodeRow(op.in.schema(), r))}
			}
		}
		return "", false
	}
	return "", false
}
