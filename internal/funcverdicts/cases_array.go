package funcverdicts

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/etl"
)

// SplitSubjects are subjects for split: the hostile strings and ones with
// separators at the ends, doubled and alone.
var SplitSubjects = append(append([]any{}, Strings...), ",", ",,", "a,b,,c,", ",a", "a, b ,c", "x@y.com z@w.com",
	"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", "a😀b😀", "12-345-6")

// arrayCases are the array functions over split's array.
func arrayCases() family {
	f := family{name: "array"}
	s := typed[string](S)
	for _, p := range []string{`,`, `\s+`, `[,;]\s*`, `😀`, `-`, `\.`, `[ /;()]+`} {
		parts := etl.Split(s, p)
		f.over(fmt.Sprintf("split/size/%q", p), etl.Size(parts), S, SplitSubjects)
		f.over(fmt.Sprintf("split/join/%q", p), etl.ArrayJoin(parts, "|"), S, SplitSubjects)
		for _, i := range []int{1, 2, 3, -1, -2, 100} {
			f.over(fmt.Sprintf("split/element_at/%q,%d", p, i), etl.ElementAt(parts, i), S, SplitSubjects)
		}
	}
	f.cross("array_contains/pairs", etl.ArrayContains(etl.Split(s, `,`), typed[string](S2)), S,
		[]any{nil, "", "a,b", ",", "a,,b", "é,e\u0301"}, S2, []any{nil, "", "a", "b", "é", "e\u0301"})
	f.over("split/refused-empty-match", etl.Size(etl.Split(s, `,*`)), S, SplitSubjects)
	f.over("split/refused-dollar", etl.Size(etl.Split(s, `,$`)), S, SplitSubjects)
	f.over("element_at/refused-zero", etl.ElementAt(etl.Split(s, `,`), 0), S, SplitSubjects)
	return f
}
