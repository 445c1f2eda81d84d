package pyspark

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
)

// quarantined is the expression of the Quarantined() rows of stream base
// in the query being built (a Quarantined() load): base before its
// expectations, through rt.quarantine with the expectations declared on
// base (the query view's Quarantine, in declaration order), which keeps
// the rows the first quarantine expectation they break names, with the
// reason columns. The reading queries count the expectations; this one
// counts none.
func (g *gen) quarantined(base ir.Ref, spark string, sh *shared) (string, error) {
	qv, expecting := g.quarantining, g.expecting
	if qv == nil || expecting == nil {
		return "", fmt.Errorf("quarantined rows of %s are read outside a Quarantined() load", streamName(base))
	}
	g.expecting = nil // base's own expectations apply in rt.quarantine
	expr, err := g.build(base, spark, sh)
	g.expecting = expecting
	if err != nil {
		return "", err
	}
	for i := range g.pp.Expectations {
		if e := &g.pp.Expectations[i]; e.On == base {
			if e.Kind != ir.ExpectPredicate {
				return "", fmt.Errorf("expectation %s: kind %s has no Spark rendering", e.Name, e.Kind)
			}
			qv.Quarantine = append(qv.Quarantine, expectationDict(expecting.Name, i, e))
		}
	}
	return "rt.quarantine(" + expr + ", " + qv.Const + "_QUARANTINE, PIPELINE_ID)", nil
}
