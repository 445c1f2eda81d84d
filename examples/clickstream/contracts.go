// Package clickstream is the clickstream example: page views from Kafka,
// validated against the PageView contract, de-duplicated by event id within
// the watermark, enriched with a static user dimension, grouped into
// 30-minute session windows per user and appended to a Delta table, with
// invalid and late page views routed to their own typed outputs.
package clickstream

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import (
	"time"

	"github.com/etlgen/etlgen/contracts"
)

// PageView is one page view as published by the web tracker on the
// page-views topic. The tracker retries on timeouts, so an event may be
// delivered more than once with the same event_id.
// +etl:contract id=page-view version=1.0.0 owner=web-analytics domain=web status=active unknown_fields=allow retention=7d max_payload=16384 support=https://chat.example.com/web-analytics contact=web-analytics@example.com
type PageView struct {
	// EventID is the tracker's unique id of the page view (a UUID).
	EventID string `json:"event_id" validate:"required,uuid" contract:"example=3f2b8c1e-0a4d-4e8b-9c1f-2a7d5e6b8c01"`
	// UserID identifies the signed-in user.
	UserID string `json:"user_id" validate:"required,max=64,startswith=u-" contract:"classification=internal,example=u-1001"`
	// SessionHint is the tracker's own session id (a browser cookie), when
	// it has one; the pipeline sessionizes by event time, not by it.
	SessionHint *string `json:"session_hint" validate:"max=64" contract:"example=c-77a1"`
	// URL is the page viewed, absolute.
	URL string `json:"url" validate:"required,max=2048,url" contract:"example=https://shop.example.com/products/42"`
	// Referrer is the page the user came from, absolute, when the browser
	// sent one.
	Referrer *string `json:"referrer" validate:"max=2048,url" contract:"example=https://www.example.org/search"`
	// UserAgent is the browser's User-Agent header.
	UserAgent *string `json:"user_agent" validate:"max=512" contract:"example=Mozilla/5.0"`
	// TimeOnPageMs is how long the previous page was visible, in
	// milliseconds (at most a day), when the tracker measured it.
	TimeOnPageMs *int64 `json:"time_on_page_ms" validate:"gte=0,lte=86400000" contract:"example=5400"`
	// EventTime is when the page was viewed, in the browser's clock (UTC).
	EventTime time.Time `json:"event_time" contract:"eventtime,example=2026-07-15T09:00:00Z"`
	// Props are the page's custom properties, a JSON object serialised as
	// text by the tracker (campaign, experiment variants), when it has any.
	Props *string `json:"props" validate:"max=4096"`
}

// User is one row of the user dimension: a static table, maintained by the
// accounts team and read in full at every micro-batch.
// +etl:contract id=user-dim version=1.0.0 owner=accounts-team domain=web status=active freshness=1d retention=365d support=https://chat.example.com/accounts contact=accounts-team@example.com
type User struct {
	// UserID identifies the user.
	UserID string `json:"user_id" validate:"required,max=64,startswith=u-" contract:"pk=1,example=u-1001"`
	// Country is the user's billing country, ISO 3166-1 alpha-2.
	Country string `json:"country" validate:"len=2,uppercase" contract:"example=DE"`
	// Plan is the user's subscription plan.
	Plan string `json:"plan" validate:"oneof=free pro enterprise" contract:"example=pro"`
	// SignupDate is the day the user signed up.
	SignupDate *contracts.Date `json:"signup_date" contract:"example=2025-03-01"`
}

// EnrichedPageView is a de-duplicated page view with its user's country and
// plan ("unknown" for a user the dimension does not know).
// +etl:contract id=enriched-page-view version=1.0.0 owner=web-analytics domain=web status=active
type EnrichedPageView struct {
	// EventID is the tracker's unique id of the page view.
	EventID string `json:"event_id"`
	// UserID identifies the user.
	UserID string `json:"user_id"`
	// URL is the page viewed.
	URL string `json:"url"`
	// Referrer is the page the user came from, when known.
	Referrer *string `json:"referrer"`
	// EventTime is when the page was viewed (UTC).
	EventTime time.Time `json:"event_time" contract:"eventtime"`
	// Country is the user's country, or "unknown".
	Country string `json:"country"`
	// Plan is the user's plan, or "unknown".
	Plan string `json:"plan"`
	// Host is the host of the page's URL, lower-case as the tracker sends
	// it; null when the URL has none Spark's parse_url reads.
	Host *string `json:"host"`
	// Device is "mobile", "tablet" or "desktop", from the user agent.
	Device string `json:"device"`
	// Campaign is the campaign property of the page's props, when the
	// props are a JSON object that has one.
	Campaign *string `json:"campaign"`
}

// SessionSummary is one browsing session of a user: page views separated by
// less than the session gap of event time, written once the watermark
// passed its end.
// +etl:contract id=session-summary version=1.0.0 owner=web-analytics domain=web status=active freshness=1h retention=400d support=https://chat.example.com/web-analytics contact=web-analytics@example.com
// +etl:rule name=nonnegative_duration field=last_view_at description="a session never ends before it starts" "last_view_at >= session_start"
type SessionSummary struct {
	// UserID identifies the user.
	UserID string `json:"user_id" contract:"pk=1"`
	// SessionStart is the event time of the session's first page view.
	SessionStart time.Time `json:"session_start" contract:"pk=2"`
	// SessionEnd is the last page view's event time plus the session gap.
	SessionEnd time.Time `json:"session_end"`
	// PageCount is the number of page views in the session.
	PageCount int64 `json:"page_count" validate:"gt=0"`
	// DistinctPages is the number of distinct URLs viewed (approximate on
	// Spark: approx_count_distinct).
	DistinctPages int64 `json:"distinct_pages" validate:"gt=0"`
	// EntryPage is the URL of the session's first page view.
	EntryPage *string `json:"entry_page"`
	// ExitPage is the URL of the session's last page view.
	ExitPage *string `json:"exit_page"`
	// EntryReferrer is the referrer of the session's first page view.
	EntryReferrer *string `json:"entry_referrer"`
	// LastViewAt is the event time of the session's last page view.
	LastViewAt time.Time `json:"last_view_at"`
	// Country is the user's country at the session's last page view.
	Country *string `json:"country"`
	// Plan is the user's plan at the session's last page view.
	Plan *string `json:"plan"`
	// EntryHost is the host of the session's first page.
	EntryHost *string `json:"entry_host"`
	// Device is the device of the session's last page view.
	Device *string `json:"device"`
	// EntryCampaign is the campaign of the session's first page view.
	EntryCampaign *string `json:"entry_campaign"`
	// DurationSeconds is the time from the first to the last page view of
	// the session, in whole seconds (0 for a single view).
	DurationSeconds int64 `json:"duration_seconds" validate:"gte=0"`
}

// RejectedPageView is a page-view payload that failed validation, kept
// with its raw payload and the reason.
// +etl:contract id=rejected-page-view version=1.0.0 owner=web-analytics domain=web status=active retention=30d
type RejectedPageView struct {
	// EventID is the event id when it could be read from the payload.
	EventID *string `json:"event_id"`
	// RawPayload is the payload exactly as received.
	RawPayload string `json:"raw_payload" contract:"classification=restricted"`
	// RawPayloadBase64 is the raw payload in standard base64 when it is not
	// valid UTF-8, null otherwise.
	RawPayloadBase64 *string `json:"raw_payload_base64" contract:"classification=restricted"`
	// ReasonCode is the stable code of the first rule the payload broke.
	ReasonCode string `json:"reason_code"`
	// Reason explains the rejection in words.
	Reason string `json:"reason"`
	// FieldPath is the JSON path of the offending field, when there is one.
	FieldPath *string `json:"field_path"`
	// ObservedAt is when the pipeline saw the payload (UTC).
	ObservedAt time.Time `json:"observed_at"`
	// SourceTopic is the Kafka topic (or the file) the payload was read from.
	SourceTopic *string `json:"source_topic"`
	// SourcePartition is the Kafka partition the payload was read from.
	SourcePartition *int32 `json:"source_partition"`
	// SourceOffset is the Kafka offset of the payload.
	SourceOffset *int64 `json:"source_offset"`
	// PipelineID is the id of the pipeline that rejected the payload.
	PipelineID string `json:"pipeline_id"`
	// ContractID is the id of the contract the payload was checked against.
	ContractID string `json:"contract_id"`
}

// LatePageView is a valid page view that arrived behind the watermark of
// the de-duplication, the pipeline's first stateful operator: it can no
// longer be checked for duplicates nor join a session that was written.
// +etl:contract id=late-page-view version=1.0.0 owner=web-analytics domain=web status=active retention=30d
type LatePageView struct {
	// Event is the late page view.
	Event PageView `json:"event"`
	// WatermarkAtArrival is the watermark when the page view arrived.
	WatermarkAtArrival time.Time `json:"watermark_at_arrival"`
	// ReasonCode says why the page view is late, e.g. BEHIND_WATERMARK.
	ReasonCode string `json:"reason_code" validate:"required"`
}
