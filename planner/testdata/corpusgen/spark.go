package main

import (
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner/sparkverdicts"
)

// sparkCase is one case of the differential corpus (planner/testdata/spark):
// a pipeline, its profile on the stack, the Spark rule it exercises, and
// what makes a disagreement with Spark acceptable. Spark's verdict is not
// written here: the live test measures it (spark.json).
type sparkCase struct {
	name  string
	about string // what the case checks, one line
	rule  string // where Spark's behaviour is defined (source file, suite, guide section)
	doc   func() *ir.Document
	// assets replaces or adds profile assets (a YAML flow mapping each; ""
	// drops one); sink tables and paths are the case's own.
	assets map[string]string
	// trigger is the execution trigger (YAML); available-now when empty.
	trigger string
	// deliberate says why etlgen disagrees with Spark on purpose, in words
	// a user would accept.
	deliberate string
	// pending names the item of issue 12 that will make etlgen agree, and
	// what the planner reports until then.
	pending string
	// pendingErrors are the error codes the planner reports once pending
	// is fixed (none: it accepts the pipeline; anyError: some code not
	// decided yet).
	pendingErrors []string
	// equivalent is the query Spark judges when the profile itself is
	// rejected (nil otherwise).
	equivalent *equivalent
	// rowsVary marks a case whose row counts depend on timing (the rate
	// source): they are recorded, not compared.
	rowsVary bool
}

// equivalent describes the Spark query of a case whose profile etlgen
// rejects: the assets of a valid profile to build it from, and the Spark
// reader options and trigger the rejected profile asks for.
type equivalent struct {
	assets  map[string]string            // asset overrides of the valid profile
	options map[string]map[string]string // asset → Spark reader options added
	trigger string                       // Spark trigger, e.g. "processingTime=-5 seconds"
	modes   map[string]string            // output modes by query the profile cannot state
}

// anyError expects a rejection whose code a pending change decides.
var anyError = []string{sparkverdicts.AnyError}

// sparkCases is the differential corpus, by area.
func sparkCases() []sparkCase {
	var out []sparkCase
	for _, area := range [][]sparkCase{
		sparkAggregationCases(), sparkStreamJoinCases(), sparkStaticJoinCases(), sparkOperatorCases(),
		sparkSinkTriggerCases(), sparkSourceCases(), sparkModelCases(), sparkRepartitionCases(),
	} {
		out = append(out, area...)
	}
	return out
}
