package sparksql

import "strings"

// StageLevels returns ValueStageLevels followed by a level holding the
// verdict stage (VerdictStage): add each group with one select, in order,
// then read ValidExpr and the reason expressions.
func (p *Plan) StageLevels() [][]Stage {
	return append(p.ValueStageLevels(), []Stage{p.VerdictStage()})
}

// ValueStageLevels groups the stages (not the verdict) so that a stage only reads stages of
// earlier groups: each group can be one select (df.selectExpr("*", *group)),
// in order. Fewer, wider selects keep the plan shallow: with one select per
// stage, the kitchen-sink contract (37 stages, transform and filter in
// several) made Spark 4.1.1's analyzer exceed the 100 passes of its
// fixed-point Resolution batch (spark.sql.analyzer.maxIterations); its 9
// levels resolve.
func (p *Plan) ValueStageLevels() [][]Stage {
	level := map[string]int{}
	var out [][]Stage
	for _, s := range p.Stages {
		l := 0
		for alias, al := range level {
			if al >= l && strings.Contains(s.SQL, QuoteIdent(alias)) {
				l = al + 1
			}
		}
		level[s.Alias] = l
		for len(out) <= l {
			out = append(out, nil)
		}
		out[l] = append(out[l], s)
	}
	return out
}
