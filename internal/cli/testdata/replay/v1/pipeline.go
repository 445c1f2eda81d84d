// Package replaydemo is the pipeline of the replay test, version 1: a
// reading above 100 breaks the contract.
package replaydemo

import (
	"github.com/etlgen/etlgen/framework/etl"

	"github.com/etlgen/etlgen/internal/cli/testdata/replay/rejected"
)

// Reading is one meter reading.
// +etl:contract id=reading version=1.0.0 owner=etlgen-tests domain=tests status=active
type Reading struct {
	// ID identifies the reading.
	ID string `json:"id" validate:"required"`
	// Value is the reading.
	Value int64 `json:"value" validate:"gte=0,lte=100"`
}

// Pipeline loads the valid readings and quarantines the others.
var Pipeline = etl.NewPipeline("replay-demo", "1.0.0", func(p *etl.Builder) {
	in := etl.Extract[Reading](p, "readings_in")
	etl.Load(p, "readings", in.Valid())
	etl.Load(p, "rejected_readings", etl.Into[rejected.RejectedReading](in.Invalid()))
}, etl.Describe("Meter readings with a quarantine."))
