package conformance_test

import (
	"testing"

	"github.com/etlgen/etlgen/testkit"
	"github.com/etlgen/etlgen/testkit/conformance/suite"
)

// TestLocal runs every conformance scenario on the local engine.
func TestLocal(t *testing.T) {
	for _, s := range suite.Scenarios() {
		t.Run(s.Name, func(t *testing.T) { testkit.RunScenario(t, s, testkit.LocalRunner{}) })
	}
}
