package diag

import "strings"

// Class is the kind of failure a diagnostic code reports. Classes are
// ordered by precedence: when a list holds errors of several classes, the
// lowest-level cause (the highest Class) decides the outcome.
type Class int

// The classes, lowest precedence first.
const (
	// ClassNone: no error.
	ClassNone Class = iota
	// ClassIncompatibleState: the state in existing checkpoints cannot be
	// reused (X6xx).
	ClassIncompatibleState
	// ClassPlanning: the pipeline is well formed but cannot run as
	// planned: streaming rules, engine capabilities, checkpoint identity
	// (S4xx, K5xx).
	ClassPlanning
	// ClassInvalidModel: contracts, pipeline definition, profile or
	// generated files are wrong (C1xx, D2xx, P3xx, G8xx).
	ClassInvalidModel
	// ClassEnvironment: the environment cannot run pipelines (E7xx).
	ClassEnvironment
)

// Series is one series of codes: the prefix every code of one layer
// starts with, and the class of its errors.
type Series struct {
	Prefix string
	Class  Class
	// Layer says who reports the series.
	Layer string
}

// SeriesTable lists every code series, the one place that says which class
// a code belongs to.
var SeriesTable = []Series{
	{"ETL-C1", ClassInvalidModel, "contracts"},
	{"ETL-D2", ClassInvalidModel, "pipeline definition and the DSL"},
	{"ETL-P3", ClassInvalidModel, "profiles and bindings"},
	{"ETL-S4", ClassPlanning, "streaming rules, output modes and engine capabilities"},
	{"ETL-K5", ClassPlanning, "checkpoint and storage identity"},
	{"ETL-X6", ClassIncompatibleState, "state compatibility"},
	{"ETL-E7", ClassEnvironment, "environment"},
	{"ETL-G8", ClassInvalidModel, "generators and contract drift"},
	{"ETL-T9", ClassInvalidModel, "pipeline tests run by etlgen check"},
}

// ClassOf returns the class of a code's errors from SeriesTable; a code of
// no series is an invalid model.
func ClassOf(code string) Class {
	for _, s := range SeriesTable {
		if strings.HasPrefix(code, s.Prefix) {
			return s.Class
		}
	}
	return ClassInvalidModel
}

// Worst returns the class of the list's worst error; warnings and notes
// never count.
func (l List) Worst() Class {
	worst := ClassNone
	for _, d := range l {
		if d.Severity != Error && d.Severity != "" {
			continue
		}
		worst = max(worst, ClassOf(d.Code))
	}
	return worst
}

// rank orders severities: error 0, warning 1, note 2; an empty severity
// is an error.
func rank(s Severity) int {
	switch s {
	case Warning:
		return 1
	case Note:
		return 2
	}
	return 0
}

// WorstAt returns the class of the list's worst diagnostic of severity
// least or more serious: WorstAt(Error) is Worst, WorstAt(Warning) also
// counts warnings (etlgen's --fail-on warning).
func (l List) WorstAt(least Severity) Class {
	worst := ClassNone
	for _, d := range l {
		if rank(d.Severity) <= rank(least) {
			worst = max(worst, ClassOf(d.Code))
		}
	}
	return worst
}

// ParseSeverity returns the severity named s (error, warning or note).
func ParseSeverity(s string) (Severity, bool) {
	switch Severity(s) {
	case Error, Warning, Note:
		return Severity(s), true
	}
	return "", false
}
