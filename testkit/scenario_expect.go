package testkit

import (
	"encoding/json"
	"slices"
	"strings"
)

// ExpectationCounts is the pseudo-table a Runner returns, and a Scenario's
// Want may list, for the expectation counts of the run: one row per query
// and expectation the query counted (planner.Query.Expectations), its
// passed and failed rows summed over the run's micro-batches, as
// {"query":Q,"expectation":E,"action":A,"passed":P,"failed":F}, sorted by
// query and expectation. A pair both of whose sums are 0 is left out (an
// engine may report an idle batch with or without zero counts). "#" is in
// no asset name, so the key never names a sink.
const ExpectationCounts = "#expectations"

// ExpectationTally sums expectation counts per query and expectation, as
// both engines report them in each micro-batch (localengine.Progress's, the
// PySpark program's batch lines).
type ExpectationTally struct {
	counts map[[2]string]*expectationCount
}

type expectationCount struct {
	Query       string `json:"query"`
	Expectation string `json:"expectation"`
	Action      string `json:"action"`
	Passed      int64  `json:"passed"`
	Failed      int64  `json:"failed"`
}

// Add counts one batch's passed and failed rows of expectation name (with
// its action) in query.
func (t *ExpectationTally) Add(query, name, action string, passed, failed int64) {
	if t.counts == nil {
		t.counts = map[[2]string]*expectationCount{}
	}
	k := [2]string{query, name}
	c, ok := t.counts[k]
	if !ok {
		c = &expectationCount{Query: query, Expectation: name, Action: action}
		t.counts[k] = c
	}
	c.Passed += passed
	c.Failed += failed
}

// Rows returns the sums as the rows of ExpectationCounts.
func (t *ExpectationTally) Rows() []string {
	var cs []*expectationCount
	for _, c := range t.counts {
		if c.Passed != 0 || c.Failed != 0 {
			cs = append(cs, c)
		}
	}
	slices.SortFunc(cs, func(a, b *expectationCount) int {
		if n := strings.Compare(a.Query, b.Query); n != 0 {
			return n
		}
		return strings.Compare(a.Expectation, b.Expectation)
	})
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.json()
	}
	return out
}

// ExpectationCountRow is a row of ExpectationCounts, for a Scenario's Want.
func ExpectationCountRow(query, name, action string, passed, failed int64) string {
	c := expectationCount{Query: query, Expectation: name, Action: action, Passed: passed, Failed: failed}
	return c.json()
}

func (c *expectationCount) json() string {
	b, _ := json.Marshal(c) // strings and integers: cannot fail
	return string(b)
}
