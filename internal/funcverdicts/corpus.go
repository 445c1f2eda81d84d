package funcverdicts

import "fmt"

// families lists the case tables, one per file cases_<family>.go.
var families = []func() family{
	stringCases,
	logicCases,
	arithCases,
	castCases,
	timeCases,
	lazyCases,
	mathCases,
	datetimeCases,
	textCases,
	regexCases,
	jsonCases,
	arrayCases,
}

// Cases returns every case of the corpus, by family then in the order
// the tables list them.
func Cases() ([]Case, error) {
	var out []Case
	seen := map[string]bool{}
	for _, f := range families {
		for _, c := range f().cases {
			if seen[c.Name] {
				return nil, fmt.Errorf("case %s is listed twice", c.Name)
			}
			seen[c.Name] = true
			out = append(out, c)
		}
	}
	return out, nil
}
