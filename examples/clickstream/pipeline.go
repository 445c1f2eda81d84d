package clickstream

import "github.com/etlgen/etlgen/framework/etl"

// Pipeline is the clickstream pipeline: page views are validated against
// PageView; valid ones are de-duplicated by event id within the watermark,
// crawlers' views dropped (the not_a_bot expectation), joined with the
// static user dimension, read for host, device and campaign, and grouped
// into 30-minute sessions per user, appended to user_sessions once each
// session closes.
// Rejected payloads go to rejected_page_views, and page views behind the
// watermark of the de-duplication (the first stateful operator, where the
// Spark engine can route late rows from) to late_page_views.
var Pipeline = etl.NewPipeline("clickstream-sessions", "1.0.0", func(p *etl.Builder) {
	views := etl.Extract[PageView](p, "page_views")
	users := etl.ExtractStatic[User](p, "users")
	// Crawlers are dropped after the de-duplication, whose late rows the
	// Spark program computes from its input again (ETL-S468 on Valid()).
	unique := DedupPageViews.Step(p, views.Valid(), DedupParams{}).ExpectOrDrop("not_a_bot", NotABot())
	enriched := EnrichPageViews.Step(p, unique, users, etl.NoParams{})
	etl.Load(p, "user_sessions", SessionizePageViews.Step(p, enriched, SessionParams{}))
	etl.Load(p, "rejected_page_views", etl.Into[RejectedPageView](views.Invalid()))
	etl.Load(p, "late_page_views", etl.Into[LatePageView](unique.Late()))
}, etl.Describe("Page views de-duplicated, enriched with the user dimension and grouped into 30-minute sessions, with quarantine and late-event outputs."))
