package sparkverdicts

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// The outcomes of a Spark run.
const (
	Accepted = "accepted" // every query ran to its end (or its first batch)
	Rejected = "rejected" // Spark refused the query or a batch failed
)

// The phases a rejection happens in.
const (
	PhaseAnalysis = "analysis" // resolving the DataFrame (df.schema)
	PhaseStart    = "start"    // writeStream.start(): the streaming checks
	PhaseBatch    = "batch"    // a micro-batch failed
)

// What ran on Spark.
const (
	RanProgram    = "program"    // the program pyspark.Generate wrote
	RanEquivalent = "equivalent" // the query the test built from the IR
)

// Spark is Spark's verdict on a case, as measured on the server.
type Spark struct {
	// Ran says what ran: the generated program, or the equivalent query
	// (etlgen rejects the pipeline). Not compared: it changes when etlgen's
	// verdict does.
	Ran string `json:"ran"`
	// Outcome is Accepted or Rejected.
	Outcome string `json:"outcome"`
	// Phase, Class and Message describe a rejection: when it happened,
	// the error class (e.g. STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION,
	// _LEGACY_ERROR_TEMP_3102) and a stable fragment of the message.
	Phase   string `json:"phase,omitempty"`
	Class   string `json:"class,omitempty"`
	Message string `json:"message,omitempty"`
	// Rows counts the rows each query wrote (accepted runs).
	Rows map[string]int64 `json:"rows,omitempty"`
}

// IsAccepted reports whether Spark ran the case.
func (s Spark) IsAccepted() bool { return s.Outcome == Accepted }

// String renders the verdict in one line.
func (s Spark) String() string {
	if s.IsAccepted() {
		var parts []string
		for _, q := range slices.Sorted(maps.Keys(s.Rows)) {
			parts = append(parts, fmt.Sprintf("%s=%d", q, s.Rows[q]))
		}
		return "accepted (rows " + strings.Join(parts, " ") + ")"
	}
	return fmt.Sprintf("rejected at %s: %s: %s", s.Phase, s.Class, s.Message)
}

// Matches reports whether a measured verdict is the recorded one: the same
// outcome, phase, class and rows, and the recorded message a fragment of the
// measured one.
func (s Spark) Matches(measured Spark) bool {
	return s.Outcome == measured.Outcome && s.Phase == measured.Phase && s.Class == measured.Class &&
		strings.Contains(measured.Message, s.Message) && maps.Equal(s.Rows, measured.Rows)
}
