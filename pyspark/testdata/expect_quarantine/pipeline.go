// Package expectquarantine is a sensor-readings pipeline with an
// expectation of each action on the valid readings: one that drops
// readings of no device, one that warns about implausible temperatures,
// one that quarantines readings of a low battery to held_readings, and one
// that fails the batch on a reading below -80 °C; payloads that break the
// contract go to rejected_readings.
package expectquarantine

import (
	"reflect"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/etl"
)

// Reading is one sensor reading.
type Reading struct {
	ReadingID string    `json:"reading_id"`
	DeviceID  string    `json:"device_id"`
	Celsius   int64     `json:"celsius"`
	Battery   int64     `json:"battery"`
	ReadAt    time.Time `json:"read_at" contract:"eventtime"`
}

// HeldReading is a reading an expectation quarantined, with the reason
// columns.
type HeldReading struct {
	ReadingID   string    `json:"reading_id"`
	DeviceID    string    `json:"device_id"`
	Celsius     int64     `json:"celsius"`
	Battery     int64     `json:"battery"`
	ReadAt      time.Time `json:"read_at"`
	Expectation string    `json:"expectation"`
	PipelineID  string    `json:"pipeline_id"`
	ObservedAt  time.Time `json:"observed_at"`
}

// RejectedReading is a reading payload that broke the contract.
type RejectedReading struct {
	RawPayload       string  `json:"raw_payload"`
	RawPayloadBase64 *string `json:"raw_payload_base64"`
	ReasonCode       string  `json:"reason_code"`
	Reason           string  `json:"reason"`
}

func init() {
	for _, t := range []reflect.Type{reflect.TypeFor[Reading](), reflect.TypeFor[HeldReading](), reflect.TypeFor[RejectedReading]()} {
		c, err := contracts.FromType(t)
		if err != nil {
			panic(err)
		}
		contracts.MustRegister(t, c)
	}
}

// Cols are the typed columns of Reading.
var Cols = struct {
	DeviceID etl.Col[string]
	Celsius  etl.Col[int64]
	Battery  etl.Col[int64]
}{etl.NewCol[string]("device_id"), etl.NewCol[int64]("celsius"), etl.NewCol[int64]("battery")}

// Pipeline is the pipeline with the four expectations.
var Pipeline = etl.NewPipeline("sensor-readings", "1.0.0", Build)

// Build declares the pipeline's extract, expectations and loads (the gen
// golden case pipeline_expect_quarantine declares the same pipeline).
func Build(p *etl.Builder) {
	r := Cols
	in := etl.Extract[Reading](p, "readings_in")
	valid := in.Valid().
		ExpectOrDrop("known_device", r.DeviceID.Ne("")).
		Expect("plausible", r.Celsius.Lt(60), etl.Warn).
		ExpectOrQuarantine("battery_ok", r.Battery.Ge(10)).
		ExpectOrFail("not_frozen", r.Celsius.Gt(-80))
	etl.Load(p, "readings", valid)
	etl.Load(p, "held_readings", etl.Into[HeldReading](valid.Quarantined()))
	etl.Load(p, "rejected_readings", etl.Into[RejectedReading](in.Invalid()))
}
