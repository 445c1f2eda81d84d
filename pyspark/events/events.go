package events

import (
	"bytes"
	"encoding/json"
)

// The event lines a generated program prints on stdout, one JSON object a
// line (etlgen_runtime.events.emit): their kinds and fields are declared
// here once, and decoded here once (ParseEvent) into the Event's payload
// of its kind; package run reads the payloads. The runtime's unit tests
// check every line the runtime emits against the same declaration
// (EventSchema, written to runtime/tests/event_schema.json).

// Event is one JSON line of a program: its kind, the program's run id, and
// the payload of its kind (the others nil; none for a kind this etlgen
// does not know, or a payload that does not decode).
type Event struct {
	Kind  string `json:"event"`
	RunID string `json:"run_id"`
	// Session: the program has its Spark Connect session (kind session).
	Session *SessionLine `json:"-"`
	// Start: the queries started (kind start).
	Start *StartLine `json:"-"`
	// BatchStart: a micro-batch began (kind batch_start).
	BatchStart *BatchStartLine `json:"-"`
	// Batch: a micro-batch ended (kind batch).
	Batch *Batch `json:"-"`
	// Idle: a query's trigger found no new data (kind idle).
	Idle *IdleLine `json:"-"`
	// Orphan: an orphaned driver's session was released (kind orphan).
	Orphan *OrphanLine `json:"-"`
	// Notice: a retry, a restart or a warning (kinds retry, restart, warning).
	Notice *NoticeLine `json:"-"`
	// End: the program's last line (kind end).
	End *End `json:"-"`
	// Raw is the line as printed, for messages.
	Raw json.RawMessage `json:"-"`
}

// eventKinds are the kinds of event lines, each with the payload it
// decodes into: the one declaration of the lines' schema.
var eventKinds = map[string]func(*Event) any{
	"session":     func(e *Event) any { e.Session = &SessionLine{}; return e.Session },
	"start":       func(e *Event) any { e.Start = &StartLine{}; return e.Start },
	"batch_start": func(e *Event) any { e.BatchStart = &BatchStartLine{}; return e.BatchStart },
	"batch":       func(e *Event) any { e.Batch = &Batch{}; return e.Batch },
	"idle":        func(e *Event) any { e.Idle = &IdleLine{}; return e.Idle },
	"orphan":      func(e *Event) any { e.Orphan = &OrphanLine{}; return e.Orphan },
	"retry":       func(e *Event) any { e.Notice = &NoticeLine{}; return e.Notice },
	"restart":     func(e *Event) any { e.Notice = &NoticeLine{}; return e.Notice },
	"warning":     func(e *Event) any { e.Notice = &NoticeLine{}; return e.Notice },
	"end":         func(e *Event) any { e.End = &End{}; return e.End },
}

// ParseEvent decodes one line a program printed: ok false for a line that
// is no event (not a JSON object with a kind). The payload of a known kind is
// decoded once, here; one that does not decode is left nil.
func ParseEvent(line []byte) (Event, bool) {
	line = bytes.TrimSpace(line)
	var ev Event
	if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &ev) != nil || ev.Kind == "" {
		return Event{}, false
	}
	ev.Raw = append(json.RawMessage(nil), line...)
	if payload, ok := eventKinds[ev.Kind]; ok {
		if json.Unmarshal(line, payload(&ev)) != nil {
			ev = Event{Kind: ev.Kind, RunID: ev.RunID, Raw: ev.Raw}
		}
	}
	return ev, true
}

// SessionLine is the session line: the Spark Connect session the program
// holds, printed before any query starts (etlgen keeps it in its lease).
type SessionLine struct {
	Session *string `json:"session"`
}

// StartLine is the start line: the session, where the driver's status API
// answers, and each query, how it started and where it resumes.
type StartLine struct {
	Session *string `json:"session"`
	// UI is where the driver's status API should answer; nil when the
	// program could not tell.
	UI      *DriverUI    `json:"ui"`
	Queries []StartQuery `json:"queries"`
}

// DriverUI is where the driver's status API (the Spark UI's /api/v1)
// should answer, as the session's conf says.
type DriverUI struct {
	DriverHost string `json:"driver_host"`
	UIPort     string `json:"ui_port"`
	App        string `json:"app"`
}

// StartQuery is one query of the start line.
type StartQuery struct {
	Name     string `json:"name"`
	ID       string `json:"id"`
	Identity string `json:"identity"`
	// Start is fresh or checkpoint-recovery.
	Start string `json:"start"`
	// Replay is the batch Spark re-runs from the offset log, or nil.
	Replay *int64       `json:"replay"`
	Resume *ResumePoint `json:"resume"`
}

// ResumePoint is where a recovered query resumes: its last committed
// batch, that batch's end offsets (by source position) and the watermark
// its commit recorded for the next batch.
type ResumePoint struct {
	LastCommit  *int64            `json:"last_commit"`
	Offsets     []json.RawMessage `json:"offsets"`
	WatermarkMs *int64            `json:"watermark_ms"`
}

// BatchStartLine is the batch_start line of a micro-batch.
type BatchStartLine struct {
	Query   string `json:"query"`
	BatchID int64  `json:"batch_id"`
	Replay  bool   `json:"replay"`
	// Time is the trigger's start, RFC 3339.
	Time string `json:"time"`
}

// IdleLine is the idle line of a trigger that found no new data (once per
// idle spell).
type IdleLine struct {
	Query     string  `json:"query"`
	BatchID   int64   `json:"batch_id"`
	Timestamp *string `json:"timestamp"`
}

// OrphanLine is the orphan line: the session of a driver that died,
// released before the program's own queries start.
type OrphanLine struct {
	Session string `json:"session"`
	// Queries are the orphan's queries that were still active.
	Queries []OrphanQuery `json:"queries"`
	// SessionGone: the server no longer had the session (released, or
	// lost in a server restart).
	SessionGone bool    `json:"session_gone"`
	Seconds     float64 `json:"seconds"`
}

// OrphanQuery is one active query of an orphaned session.
type OrphanQuery struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	TriggerActive bool   `json:"trigger_active"`
}

// NoticeLine is a retry, restart or warning line: what happened, to which
// query (none for the program), and the attempt of a retry or restart.
type NoticeLine struct {
	Query   string `json:"query,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
	Attempt int    `json:"attempt,omitempty"`
}

// Batch is the progress of one micro-batch of one query.
type Batch struct {
	Query        string          `json:"query"`
	QueryID      string          `json:"query_id"`
	SparkRunID   string          `json:"spark_run_id"`
	BatchID      int64           `json:"batch_id"`
	StartOffsets json.RawMessage `json:"start_offsets"` // Spark's JSON text of the offsets, or null
	EndOffsets   json.RawMessage `json:"end_offsets"`
	InputRows    int64           `json:"input_rows"`
	// InvalidRows are the input rows that broke their source's contract
	// (the observed metrics of the validations the query reads).
	InvalidRows            int64    `json:"invalid_rows"`
	InputRowsPerSecond     *float64 `json:"input_rows_per_second"`
	ProcessedRowsPerSecond *float64 `json:"processed_rows_per_second"`
	DurationMs             *int64   `json:"duration_ms"`
	// LateWatermark is the watermark the batch judged late rows against
	// (the previous batch's Watermark; null for the first batch, or when
	// the program did not see that batch's line); Watermark is the batch's
	// own (eventTime.watermark: it evicts state by it). Both as Spark
	// writes them (2026-07-15T10:49:00.000Z), null without a watermark.
	LateWatermark      *string `json:"late_watermark"`
	Watermark          *string `json:"watermark"`
	StateRows          int64   `json:"state_rows"`
	DroppedByWatermark int64   `json:"dropped_by_watermark"`
	// OutputRows are the rows the query handed to its sink (the invalid
	// rows for a quarantine query).
	OutputRows *int64 `json:"output_rows"`
	// LateRows are the rows written to late outputs in this batch.
	LateRows     *int64 `json:"late_rows"`
	DeltaVersion *int64 `json:"delta_version"`
	// Replay: the batch re-ran from the checkpoint's offset log (its
	// commit was missing); writes Delta skipped as already committed
	// count no output rows.
	Replay bool `json:"replay"`
	// Progress is "missing" when Spark reported no progress for the batch
	// (a replay, SPARK-55271) and the line was made from the checkpoint.
	Progress string `json:"progress,omitempty"`
	// Gates are the verdicts of the query's quality gates over the batch:
	// those that fail measured by rt.check_gates in foreachBatch before the
	// sink commits, those that warn from the batch's observed metrics.
	Gates []GateLine `json:"gates,omitempty"`
	// Expectations are the counts of the query's expectations over the
	// batch, from their observed metrics (rt.expect).
	Expectations []ExpectationLine `json:"expectations,omitempty"`
}

// ExpectationLine is one expectation's counts in a batch line: the rows
// that met it and those that broke it.
type ExpectationLine struct {
	Name   string `json:"name"`
	Action string `json:"action"`
	Passed int64  `json:"passed"`
	Failed int64  `json:"failed"`
}

// GateLine is one quality gate's verdict in a batch line.
type GateLine struct {
	Name      string  `json:"name"`
	Condition string  `json:"condition"`
	Action    string  `json:"action"`
	Value     float64 `json:"value"`
	Breached  bool    `json:"breached"`
	// Windows, WindowsBreached and BreachedWindows are a per-window gate's
	// (localengine.GateResult).
	Windows         int      `json:"windows,omitempty"`
	WindowsBreached int      `json:"windows_breached,omitempty"`
	BreachedWindows []string `json:"breached_windows,omitempty"`
	// Quarantined counts the rows a breached quarantine gate wrote to its
	// output instead of the load.
	Quarantined int `json:"quarantined,omitempty"`
}

// End is the program's last line.
type End struct {
	Status   string     `json:"status"` // finished, stopped or failed
	ExitCode int        `json:"exit_code"`
	Signal   *string    `json:"signal"`
	Failure  *Failure   `json:"failure"`
	Queries  []QueryEnd `json:"queries"`
}

// Failure classifies why a program failed.
type Failure struct {
	// Code is connectivity, authentication, sink-permission, merge-conflict,
	// checkpoint-corruption, analysis-error, failure, or crashed (no end
	// line: the interpreter died).
	Code      string `json:"code"`
	Retry     string `json:"retry"`
	Message   string `json:"message"`
	Exception string `json:"exception"`
	// Query is the query whose failure ended the program; "" when the
	// failure is not one query's (the connection, the start).
	Query string `json:"query,omitempty"`
}

// QueryEnd is the last batch of a query.
type QueryEnd struct {
	Name        string `json:"name"`
	LastBatchID int64  `json:"last_batch_id"`
}
