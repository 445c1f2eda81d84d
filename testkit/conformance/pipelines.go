package conformance

import "github.com/etlgen/etlgen/framework/etl"

// Pipelines are the pipelines the scenarios run, each the one its scenario's
// arrivals and Want were written for: package suite passes them in, so that
// this package imports no pipeline.
type Pipelines struct {
	// The examples: examples/order-streaming, order-payments, customer-cdf
	// and order-status.
	OrderStreaming, OrderPayments, CustomerCDF, OrderStatus *etl.Pipeline
	// Spark 4.1's behaviour (spark41.LimitPipeline, KeyJoinPipeline,
	// JoinWindowPipeline, ChainedWindowsPipeline, RepartitionPipeline).
	Limit, KeyJoin, JoinWindow, ChainedWindows, Repartition *etl.Pipeline
	// dimension.Pipeline, multisink.Pipeline and expectcounts.Pipeline.
	Dimension, MultiSink, ExpectCounts *etl.Pipeline
}
