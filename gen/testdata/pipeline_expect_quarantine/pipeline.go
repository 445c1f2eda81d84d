// Package pipeline_expect_quarantine is the docs golden case of the
// quarantine of expectations: the sensor readings of the pyspark golden
// case expect_quarantine, whose expectation battery_ok quarantines
// readings of a low battery to held_readings.
package pipeline_expect_quarantine

import (
	"github.com/etlgen/etlgen/framework/etl"

	expectquarantine "github.com/etlgen/etlgen/pyspark/testdata/expect_quarantine"
)

// Pipeline is the pipeline with an expectation of each action.
var Pipeline = etl.NewPipeline("sensor-readings", "1.0.0", expectquarantine.Build)
