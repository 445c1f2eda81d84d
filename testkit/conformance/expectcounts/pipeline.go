package expectcounts

import (
	"time"

	"github.com/etlgen/etlgen/framework/etl"
)

// ClassifyCalls names each call's outcome by its status code.
var ClassifyCalls = etl.Transform("classify-api-calls",
	func(in etl.Stream[Call], _ etl.NoParams) etl.Stream[ClassifiedCall] {
		c, k := CallCols, ClassifiedCallCols
		return etl.Into[ClassifiedCall](in.Select(c.CallID, c.Service, c.StatusCode,
			etl.When(c.StatusCode.Lt(400), etl.Lit("ok")).
				When(c.StatusCode.Lt(500), etl.Lit("client_error")).
				Else(etl.Lit("server_error")).As(k.Outcome)))
	},
	etl.WithInputs("calls"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("API calls with their outcome."))

// Pipeline checks the valid calls (drop the unrouted, warn about slow or
// timed-out ones, quarantine impossible status codes), loads them, and
// loads their outcomes with a warning about server errors: the queries of
// calls and call_outcomes both read, and count, the valid calls'
// expectations. Gates on the counts: the slow calls' ratio per batch and
// the unrouted calls over the last 3 batches and over the last hour (on
// Spark counted again over the batch's Kafka range before the commit, the
// hour's batches by their trigger time), the server errors' ratio on the
// step's output.
var Pipeline = etl.NewPipeline("api-call-checks", "1.0.0", func(p *etl.Builder) {
	c := CallCols
	valid := etl.Extract[Call](p, "api_calls").Valid().
		ExpectOrDrop("routed", c.Service.Ne("")).
		Expect("fast", c.LatencyMs.Lt(1000), etl.Warn).
		ExpectOrQuarantine("known_status", etl.And(c.StatusCode.Ge(100), c.StatusCode.Le(599)))
	outcomes := ClassifyCalls.Step(p, valid, etl.NoParams{}).
		Expect("no_server_error", ClassifiedCallCols.StatusCode.Lt(500), etl.Warn)
	etl.Load(p, "calls", valid)
	etl.Load(p, "call_outcomes", outcomes)
	etl.Load(p, "held_calls", etl.Into[HeldCall](valid.Quarantined()))
	etl.Gate(p, "slow-calls", etl.ExpectationFailedRatioAbove("fast", 0.5), etl.Warn)
	etl.Gate(p, "unrouted-last-3", etl.ExpectationFailedAbove("routed", 1), etl.Warn, etl.OverLastBatches(3))
	etl.Gate(p, "unrouted-last-hour", etl.ExpectationFailedAbove("routed", 1), etl.Warn, etl.OverLast(time.Hour))
	etl.Gate(p, "server-errors", etl.ExpectationFailedRatioAbove("no_server_error", 0.3), etl.Warn)
}, etl.Describe("API calls checked by expectations of each action, loaded with their outcomes."))
