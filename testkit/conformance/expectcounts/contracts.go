// Package expectcounts holds the pipeline of the conformance scenario of
// expectation counts: API calls with an expectation of each kind Spark
// applies (drop, warn, quarantine) on the valid calls, which two queries
// read, and one that warns on a step's output. The conformance suite
// (package conformance) runs it on the local engine and, through the
// generated PySpark program, on Spark, and compares the rows and every
// query's passed/failed count of every expectation.
package expectcounts

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import "time"

// Call is one API call as the gateway reports it.
// +etl:contract id=api-call version=1.0.0 owner=etlgen-tests domain=tests status=active
type Call struct {
	// CallID identifies the call.
	CallID string `json:"call_id" contract:"pk=1,example=c1"`
	// Service is the called service ("" when the gateway could not route it).
	Service string `json:"service" contract:"example=billing"`
	// StatusCode is the HTTP status the call answered.
	StatusCode int64 `json:"status_code" contract:"example=200"`
	// LatencyMs is the call's latency in milliseconds, null when it timed out.
	LatencyMs *int64 `json:"latency_ms" contract:"example=12"`
	// CalledAt is when the call was made (UTC).
	CalledAt time.Time `json:"called_at" contract:"eventtime"`
}

// ClassifiedCall is a call with its outcome.
// +etl:contract id=api-call-outcome version=1.0.0 owner=etlgen-tests domain=tests status=active
type ClassifiedCall struct {
	// CallID identifies the call.
	CallID string `json:"call_id"`
	// Service is the called service.
	Service string `json:"service"`
	// StatusCode is the HTTP status the call answered.
	StatusCode int64 `json:"status_code"`
	// Outcome is "ok" below status 400, "client_error" below 500, else "server_error".
	Outcome string `json:"outcome"`
}

// HeldCall is a call the known_status expectation quarantined, with the
// reason columns.
// +etl:contract id=api-call-held version=1.0.0 owner=etlgen-tests domain=tests status=active
type HeldCall struct {
	// CallID identifies the call.
	CallID string `json:"call_id"`
	// Service is the called service.
	Service string `json:"service"`
	// StatusCode is the HTTP status the call answered.
	StatusCode int64 `json:"status_code"`
	// LatencyMs is the call's latency in milliseconds.
	LatencyMs *int64 `json:"latency_ms"`
	// CalledAt is when the call was made (UTC).
	CalledAt time.Time `json:"called_at"`
	// Expectation is the quarantine expectation the call broke.
	Expectation string `json:"expectation"`
	// PipelineID is the pipeline that held the call.
	PipelineID string `json:"pipeline_id"`
	// ObservedAt is the micro-batch's timestamp.
	ObservedAt time.Time `json:"observed_at"`
}
