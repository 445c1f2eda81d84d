// Package suite binds the conformance table (package conformance) to the
// pipelines its scenarios were written for: the examples' and the suite's
// own (dimension, expectcounts, multisink, spark41). It is user code, like
// the pipelines it imports; the tests that run the table on the local
// engine (testkit/conformance, testkit) and on Spark (e2e) call Scenarios.
package suite

import (
	customercdf "github.com/etlgen/etlgen/examples/customer-cdf"
	orderpayments "github.com/etlgen/etlgen/examples/order-payments"
	orderstatus "github.com/etlgen/etlgen/examples/order-status"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/testkit"
	"github.com/etlgen/etlgen/testkit/conformance"
	"github.com/etlgen/etlgen/testkit/conformance/dimension"
	"github.com/etlgen/etlgen/testkit/conformance/expectcounts"
	"github.com/etlgen/etlgen/testkit/conformance/multisink"
	"github.com/etlgen/etlgen/testkit/conformance/spark41"
)

// Pipelines are the conformance scenarios' pipelines.
var Pipelines = conformance.Pipelines{
	OrderStreaming: orderstreaming.Pipeline, OrderPayments: orderpayments.Pipeline,
	CustomerCDF: customercdf.Pipeline, OrderStatus: orderstatus.Pipeline,
	Limit: spark41.LimitPipeline, KeyJoin: spark41.KeyJoinPipeline, JoinWindow: spark41.JoinWindowPipeline,
	ChainedWindows: spark41.ChainedWindowsPipeline, Repartition: spark41.RepartitionPipeline,
	Dimension: dimension.Pipeline, MultiSink: multisink.Pipeline, ExpectCounts: expectcounts.Pipeline,
}

// Scenarios returns the conformance table over its pipelines (a new copy
// on each call).
func Scenarios() []testkit.Scenario { return conformance.Scenarios(Pipelines) }
