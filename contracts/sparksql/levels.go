package sparksql

import "strings"

// StageLevels groups the stages so that a stage only reads stages of
// earlier groups: each group can be one select (df.selectExpr("*", *group)),
// in order. Fewer, wider selects keep the plan shallow: with one select per
// stage, the kitchen-sink contract (37 stages, transform and filter in
// several) made Spark 4.1.1's analyzer exceed the 100 passes of its
// fixed-point Resolution batch (spark.sql.analyzer.maxIterations); its 9
// levels resolve.
func (p *Plan) StageLevels() [][]Stage {
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
