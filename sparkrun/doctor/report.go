package doctor

import (
	"encoding/json"
	"fmt"
	"io"
	"time"
)

// Status is the outcome of one check.
type Status string

// The outcomes. A skipped check could not run because a check it depends on
// failed. A warning passes: the pipeline runs, but slower than it should
// (its hint says what to change on the server).
const (
	OK      Status = "ok"
	Warning Status = "warning"
	Failed  Status = "failed"
	Skipped Status = "skipped"
)

// Check is the result of one probe.
type Check struct {
	// Name identifies the check, e.g. "spark-connect", "kafka:orders_kafka".
	Name string `json:"name"`
	// Title is the human label of the checklist line.
	Title  string `json:"title"`
	Status Status `json:"status"`
	// Code is the ETL-E7xx code of a failed check.
	Code string `json:"code,omitempty"`
	// Detail says what was found (a version, an error).
	Detail string `json:"detail,omitempty"`
	// Hint says how to fix a failed or skipped check.
	Hint     string        `json:"hint,omitempty"`
	Duration time.Duration `json:"duration_ns"`
}

// Report is the result of Run: every check, in a fixed order.
type Report struct {
	Config Config  `json:"config"`
	Checks []Check `json:"checks"`
}

// passed reports whether a check's status lets the pipeline run.
func (s Status) passed() bool { return s == OK || s == Warning }

// OK reports whether no check failed or was skipped (warnings pass).
func (r Report) OK() bool { return len(r.Failed()) == 0 }

// Failed returns the checks that did not pass.
func (r Report) Failed() []Check {
	var out []Check
	for _, c := range r.Checks {
		if !c.Status.passed() {
			out = append(out, c)
		}
	}
	return out
}

// Warnings returns the checks that passed with a warning.
func (r Report) Warnings() []Check {
	var out []Check
	for _, c := range r.Checks {
		if c.Status == Warning {
			out = append(out, c)
		}
	}
	return out
}

var marks = map[Status]string{OK: "✓", Warning: "!", Failed: "✗", Skipped: "-"}

// WriteText renders the checklist: one line per check, then a hint line under
// each failed, skipped or warning check, then a summary.
func (r Report) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	if r.Config.Profile != "" {
		ew.printf("etlgen doctor: %s\n", r.Config.Profile)
	}
	for _, c := range r.Checks {
		ew.printf("%s %s", marks[c.Status], c.Title)
		if c.Detail != "" {
			ew.printf(": %s", c.Detail)
		}
		if c.Code != "" {
			ew.printf(" [%s]", c.Code)
		}
		ew.printf("\n")
		if c.Status != OK && c.Hint != "" {
			ew.printf("    fix: %s\n", c.Hint)
		}
	}
	warned := ""
	if n := len(r.Warnings()); n > 0 {
		warned = fmt.Sprintf(", %d with a warning", n)
	}
	if bad := len(r.Failed()); bad > 0 {
		ew.printf("%d of %d checks did not pass%s\n", bad, len(r.Checks), warned)
	} else {
		ew.printf("all %d checks passed%s\n", len(r.Checks), warned)
	}
	return ew.err
}

// WriteJSON renders the report as indented JSON with an "ok" field.
func (r Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		OK bool `json:"ok"`
		Report
	}{r.OK(), r})
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
