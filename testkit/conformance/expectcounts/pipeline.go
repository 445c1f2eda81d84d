package expectcounts

import "github.com/etlgen/etlgen/framework/etl"

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
// expectations.
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
}, etl.Describe("API calls checked by expectations of each action, loaded with their outcomes."))
