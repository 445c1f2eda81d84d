// Package spark41 holds the pipelines of the conformance scenarios that pin
// behaviour measured on Spark 4.1 where etlgen's rules and the local
// engine used to differ from it (issue 12): a limit on a stream in append
// mode, a left outer stream–stream join on watermarked event-time keys, a
// window aggregation after a time-interval join (per-operator watermarks),
// and daily windows chained on the hourly windows' WindowTime. The
// conformance suite (package conformance) runs each on the local engine
// and, through the generated PySpark program, on Spark.
package spark41

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import (
	"time"

	"github.com/shopspring/decimal"
)

// Impression is an ad shown in a minute.
// +etl:contract id=s41-impression version=1.0.0 owner=etlgen-tests domain=tests status=active
type Impression struct {
	// ImpressionID identifies the impression.
	ImpressionID string `json:"impression_id" validate:"required" contract:"example=i-1"`
	// AdID is the ad shown.
	AdID int64 `json:"ad_id" validate:"gt=0" contract:"example=7"`
	// Minute is the minute it was shown (UTC).
	Minute time.Time `json:"minute" contract:"eventtime,example=2026-07-15T10:00:00Z"`
}

// Click is a click on an ad, in the minute of its impression.
// +etl:contract id=s41-click version=1.0.0 owner=etlgen-tests domain=tests status=active
type Click struct {
	// ClickID identifies the click.
	ClickID string `json:"click_id" validate:"required" contract:"example=c-1"`
	// AdID is the ad clicked.
	AdID int64 `json:"ad_id" validate:"gt=0" contract:"example=7"`
	// Minute is the minute of the click (UTC).
	Minute time.Time `json:"minute" contract:"eventtime,example=2026-07-15T10:00:00Z"`
}

// ImpressionClick is an impression with its click, if any.
// +etl:contract id=s41-impression-click version=1.0.0 owner=etlgen-tests domain=tests status=active
type ImpressionClick struct {
	// ImpressionID identifies the impression.
	ImpressionID string `json:"impression_id"`
	// AdID is the ad shown.
	AdID int64 `json:"ad_id"`
	// Minute is the minute it was shown (UTC).
	Minute time.Time `json:"minute"`
	// ClickID identifies the click; NULL when there was none.
	ClickID *string `json:"click_id"`
}

// PaidHour counts the orders placed in an hour that were paid within an
// hour, and what was paid for them.
// +etl:contract id=s41-paid-hour version=1.0.0 owner=etlgen-tests domain=tests status=active
type PaidHour struct {
	// WindowStart is the start of the hour.
	WindowStart time.Time `json:"window_start"`
	// WindowEnd is the end of the hour.
	WindowEnd time.Time `json:"window_end"`
	// PaidOrders is the number of (order, payment) matches.
	PaidOrders int64 `json:"paid_orders"`
	// PaidAmount is the sum of the payments matched.
	PaidAmount decimal.Decimal `json:"paid_amount" contract:"decimal(28,2)"`
}

// Reading is one meter reading.
// +etl:contract id=s41-reading version=1.0.0 owner=etlgen-tests domain=tests status=active
type Reading struct {
	// MeterID identifies the meter.
	MeterID string `json:"meter_id" validate:"required" contract:"example=m-1"`
	// Units is the consumption since the previous reading.
	Units int64 `json:"units" validate:"gte=0" contract:"example=3"`
	// ReadAt is when the meter was read (UTC).
	ReadAt time.Time `json:"read_at" contract:"eventtime,example=2026-07-15T10:00:00Z"`
}

// DailyUnits is a meter's consumption in a day, summed from its hourly
// consumption.
// +etl:contract id=s41-daily-units version=1.0.0 owner=etlgen-tests domain=tests status=active
type DailyUnits struct {
	// MeterID identifies the meter.
	MeterID string `json:"meter_id"`
	// WindowStart is the start of the day.
	WindowStart time.Time `json:"window_start"`
	// WindowEnd is the end of the day.
	WindowEnd time.Time `json:"window_end"`
	// Units is the day's consumption.
	Units int64 `json:"units"`
}
