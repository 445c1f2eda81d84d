package clickstream

import (
	"time"

	"github.com/etlgen/etlgen/framework/etl"
)

// DedupParams are the event-time parameters of DedupPageViews. Zero fields
// take their defaults.
type DedupParams struct {
	// WatermarkDelay is how late a page view may arrive and still count.
	WatermarkDelay etl.Duration `param:"watermark_delay" default:"10m" validate:"gte=0" desc:"allowed lateness of page views; an event id is remembered this long after its event time"`
}

// DedupPageViews declares the event-time watermark and drops the tracker's
// retries: a page view whose event_id was seen within the watermark delay
// (Spark's dropDuplicatesWithinWatermark).
var DedupPageViews = etl.Transform("dedup-page-views",
	func(views etl.Stream[PageView], p DedupParams) etl.Stream[PageView] {
		v := PageViewCols
		return views.
			WithWatermark(v.EventTime, p.WatermarkDelay).
			DropDuplicatesWithinWatermark(v.EventID)
	},
	etl.WithInputs("page_views"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Drops page views whose event_id was seen within the watermark delay."))

// tabletAgent, mobileAgent and botAgent are user-agent patterns: tablets
// (tested first: an iPad's agent says "Mobile" too), phones, and crawlers.
const (
	tabletAgent = `iPad|Tablet`
	mobileAgent = `iPhone|iPod|Android|Mobile`
	botAgent    = `(?:[Bb]ot|[Cc]rawler|[Ss]pider)[/ ;_-]|^curl/`
)

// EnrichPageViews joins the page views with the static user dimension
// (a stream–static left join: a view of a user the dimension does not know
// is kept, with country and plan "unknown"), and reads the host of the
// page's URL, the device of the user agent and the campaign of the props.
var EnrichPageViews = etl.TransformStatic("enrich-page-views",
	func(views etl.Stream[PageView], users etl.Static[User], _ etl.NoParams) etl.Stream[EnrichedPageView] {
		v, u, e := PageViewCols, UserCols, EnrichedPageViewCols
		return etl.Into[EnrichedPageView](views.
			Join(users, etl.Left, etl.On(v.UserID, u.UserID)).
			Select(v.EventID, v.UserID, v.URL, v.Referrer, v.EventTime,
				etl.Coalesce[string](u.Country, etl.Lit("unknown")).As(e.Country),
				etl.Coalesce[string](u.Plan, etl.Lit("unknown")).As(e.Plan),
				etl.ParseURL(v.URL, etl.URLHost).As(e.Host),
				device(etl.Coalesce[string](v.UserAgent, etl.Lit(""))).As(e.Device),
				etl.JSONGet[string](v.Props, "$.campaign").As(e.Campaign)))
	},
	etl.WithInputs("page_views", "users"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Page views with their user's country and plan, the page's host, the device and the campaign."))

// NotABot holds for a page view whose user agent is not a crawler's (a
// view without a user agent is kept).
func NotABot() etl.Expr[bool] {
	return etl.Not(etl.RLike(etl.Coalesce[string](PageViewCols.UserAgent, etl.Lit("")), botAgent))
}

// device is "tablet", "mobile" or "desktop" by the user agent's patterns.
func device(agent etl.Typed[string]) etl.Expr[string] {
	return etl.When(etl.RLike(agent, tabletAgent), etl.Lit("tablet")).
		When(etl.RLike(agent, mobileAgent), etl.Lit("mobile")).
		Else(etl.Lit("desktop"))
}

// SessionParams are the parameters of SessionizePageViews.
type SessionParams struct {
	// SessionGap is the inactivity that ends a session.
	SessionGap etl.Duration `param:"session_gap" default:"30m" validate:"gt=0" desc:"event-time inactivity that ends a session"`
}

// sessionWindow names the columns the session window adds to the
// aggregation's output (window_start, window_end), so that they can be
// renamed after the contract's session_start and session_end.
var sessionWindow = struct {
	Start, End etl.Col[time.Time]
}{etl.NewCol[time.Time]("window_start"), etl.NewCol[time.Time]("window_end")}

// SessionizePageViews groups each user's enriched page views into
// event-time session windows: a session ends after SessionGap without a
// view. Country and plan are taken at the session's last view, so a
// dimension row that changes mid-session does not split the session.
var SessionizePageViews = etl.Transform("sessionize-page-views",
	func(views etl.Stream[EnrichedPageView], p SessionParams) etl.Stream[SessionSummary] {
		e, s := EnrichedPageViewCols, SessionSummaryCols
		return etl.Into[SessionSummary](views.
			GroupBy(e.UserID, etl.SessionWindow(e.EventTime, p.SessionGap)).
			Agg(etl.Count(e.EventID).As(s.PageCount),
				etl.ApproxCountDistinct(e.URL).As(s.DistinctPages),
				etl.MinBy(e.URL, e.EventTime).As(s.EntryPage),
				etl.MaxBy(e.URL, e.EventTime).As(s.ExitPage),
				etl.MinBy(e.Referrer, e.EventTime).As(s.EntryReferrer),
				etl.Max(e.EventTime).As(s.LastViewAt),
				etl.MaxBy(e.Country, e.EventTime).As(s.Country),
				etl.MaxBy(e.Plan, e.EventTime).As(s.Plan),
				etl.MinBy(e.Host, e.EventTime).As(s.EntryHost),
				etl.MaxBy(e.Device, e.EventTime).As(s.Device),
				etl.MinBy(e.Campaign, e.EventTime).As(s.EntryCampaign)).
			Select(e.UserID, sessionWindow.Start.As(s.SessionStart), sessionWindow.End.As(s.SessionEnd),
				s.PageCount, s.DistinctPages, s.EntryPage, s.ExitPage, s.EntryReferrer, s.LastViewAt,
				s.Country, s.Plan, s.EntryHost, s.Device, s.EntryCampaign,
				etl.TimestampDiff("SECOND", sessionWindow.Start, s.LastViewAt).As(s.DurationSeconds)))
	},
	etl.WithInputs("page_views"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Page count, distinct pages, entry and exit page per user session of event time."))
