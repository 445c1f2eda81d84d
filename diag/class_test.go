package diag

import "testing"

// TestClassOf maps each series, and an unknown code, to its class.
func TestClassOf(t *testing.T) {
	tests := []struct {
		code string
		want Class
	}{
		{"ETL-C101", ClassInvalidModel}, {"ETL-D260", ClassInvalidModel}, {"ETL-P301", ClassInvalidModel},
		{"ETL-S401", ClassPlanning}, {"ETL-S460", ClassPlanning}, {"ETL-K501", ClassPlanning},
		{"ETL-X601", ClassIncompatibleState}, {"ETL-E701", ClassEnvironment}, {"ETL-G801", ClassInvalidModel},
		{"BOGUS", ClassInvalidModel},
	}
	for _, tt := range tests {
		if got := ClassOf(tt.code); got != tt.want {
			t.Errorf("ClassOf(%s) = %d, want %d", tt.code, got, tt.want)
		}
	}
}

// TestWorst: errors decide, the lowest-level cause wins, warnings never count.
func TestWorst(t *testing.T) {
	l := List{
		{Code: "ETL-X601", Severity: Error},
		{Code: "ETL-E701", Severity: Warning},
		{Code: "ETL-S401", Severity: Error},
	}
	if got := l.Worst(); got != ClassPlanning {
		t.Errorf("Worst = %d, want ClassPlanning", got)
	}
	if got := (List{{Code: "ETL-P301", Severity: Note}}).Worst(); got != ClassNone {
		t.Errorf("Worst of a note = %d, want ClassNone", got)
	}
}

func TestWorstAt(t *testing.T) {
	l := List{
		{Code: "ETL-S422", Severity: Warning},
		{Code: "ETL-P301", Severity: Note},
	}
	for _, tc := range []struct {
		least Severity
		want  Class
	}{
		{Error, ClassNone},
		{Warning, ClassPlanning},
		{Note, ClassInvalidModel},
	} {
		if got := l.WorstAt(tc.least); got != tc.want {
			t.Errorf("WorstAt(%s) = %v, want %v", tc.least, got, tc.want)
		}
	}
	if got := append(l, Diagnostic{Code: "ETL-X610", Severity: Error}).WorstAt(Error); got != ClassIncompatibleState {
		t.Errorf("WorstAt(error) with an X6 error = %v", got)
	}
	for _, s := range []string{"error", "warning", "note"} {
		if _, ok := ParseSeverity(s); !ok {
			t.Errorf("ParseSeverity(%q) not ok", s)
		}
	}
	if _, ok := ParseSeverity("fatal"); ok {
		t.Error("ParseSeverity(fatal) ok")
	}
}
