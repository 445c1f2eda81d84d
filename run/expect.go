package run

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/localengine"
)

// ExpectationCounts is one expectation's counts over one micro-batch, as
// either engine reports them: the rows that met it and those that broke
// it (kept with action warn, dropped with action drop).
type ExpectationCounts struct {
	Name   string `json:"name"`
	Action string `json:"action"`
	Passed int64  `json:"passed"`
	Failed int64  `json:"failed"`
}

// Text is the counts as a batch line shows them:
// expect:NAME=PASSED/FAILED(ACTION), e.g. expect:positive_total=98/2(drop).
func (c ExpectationCounts) Text() string {
	return fmt.Sprintf("expect:%s=%d/%d(%s)", c.Name, c.Passed, c.Failed, c.Action)
}

// ExpectationReport sums one expectation's counts in one query over a run.
type ExpectationReport struct {
	Name   string `json:"name"`
	Action string `json:"action"`
	// Batches counts the batches that reported it.
	Batches int   `json:"batches"`
	Passed  int64 `json:"passed"`
	Failed  int64 `json:"failed"`
}

// FailureExpectation is the failure class of a batch failed by an
// expectation with action fail, on both engines; ExpectationRetry its
// guidance.
const (
	FailureExpectation = "expectation"
	ExpectationRetry   = "fix the data upstream or change the expectation's action, then rerun: the batch did not commit and the checkpoint re-runs it"
)

// localExpectations are the engine's counts of a batch.
func localExpectations(rs []localengine.ExpectationResult) []ExpectationCounts {
	var out []ExpectationCounts
	for _, r := range rs {
		out = append(out, ExpectationCounts(r))
	}
	return out
}

// expectationWarnings are the warnings of a batch's expectations with
// action warn that rows broke.
func expectationWarnings(b *Batch) {
	for _, e := range b.Expectations {
		if e.Failed > 0 && e.Action == ir.ExpectWarn {
			b.Warnings = append(b.Warnings, Notice{Kind: "warning", Code: localengine.CodeExpectationFailed,
				Text: fmt.Sprintf("query %s batch %d: expectation %s: %s broke it (action warn: kept)",
					b.Query, b.BatchID, e.Name, diag.Count(int(e.Failed), "row", "rows"))})
		}
	}
}

// addExpectations sums a batch's counts in its query's report.
func (q *QueryReport) addExpectations(cs []ExpectationCounts) {
	for _, c := range cs {
		i := 0
		for i < len(q.Expectations) && q.Expectations[i].Name != c.Name {
			i++
		}
		if i == len(q.Expectations) {
			q.Expectations = append(q.Expectations, ExpectationReport{Name: c.Name, Action: c.Action})
		}
		r := &q.Expectations[i]
		r.Batches++
		r.Passed += c.Passed
		r.Failed += c.Failed
	}
}

// expectationFailure is the failure of a run whose batch an expectation
// failed: the message carries the marker, the code, the expectation and
// the row.
func expectationFailure(msg string) (*Failure, bool) {
	if !strings.Contains(msg, localengine.ExpectationMarker) {
		return nil, false
	}
	return &Failure{Code: FailureExpectation, Message: msg, Retry: ExpectationRetry}, true
}

// olAssertion is one assertion of the OpenLineage
// DataQualityAssertionsDatasetFacet: an expectation and whether every row
// of the batch met it.
type olAssertion struct {
	Assertion string `json:"assertion"`
	Success   bool   `json:"success"`
}

// olAssertionsFacet is the OpenLineage input facet dataQualityAssertions.
type olAssertionsFacet struct {
	olFacetBase
	Assertions []olAssertion `json:"assertions"`
}

// assertionsFacet is a batch's expectations as OpenLineage assertions;
// nil when the query has none.
func assertionsFacet(cs []ExpectationCounts) *olAssertionsFacet {
	if len(cs) == 0 {
		return nil
	}
	f := &olAssertionsFacet{olFacetBase: specFacet("https://openlineage.io/spec/facets/1-0-1/DataQualityAssertionsDatasetFacet.json#/$defs/DataQualityAssertionsDatasetFacet")}
	for _, c := range cs {
		f.Assertions = append(f.Assertions, olAssertion{Assertion: c.Name, Success: c.Failed == 0})
	}
	return f
}
