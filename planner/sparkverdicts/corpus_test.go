package sparkverdicts_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner/sparkverdicts"
)

// corpusRoot is the differential corpus.
var corpusRoot = filepath.Join("..", "testdata", "spark")

// loadCorpus reads every case, at least 80.
func loadCorpus(t *testing.T) []sparkverdicts.Case {
	t.Helper()
	cases, err := sparkverdicts.Load(corpusRoot)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 80 {
		t.Fatalf("the corpus has %d cases, want at least 80", len(cases))
	}
	return cases
}

// TestCorpus plans every case (no JVM) on every Spark line the profile may
// target and checks the planner against the verdicts recorded on that
// line: its codes are the recorded ones, and it accepts the pipeline
// exactly when that line's Spark ran it — unless the case says why etlgen
// disagrees on purpose. A pending case is skipped, with what the planner
// reports today.
func TestCorpus(t *testing.T) {
	for _, c := range loadCorpus(t) {
		for _, line := range profile.SparkLines {
			t.Run(line+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				got, _, diags, err := sparkverdicts.JudgeCase(c, line)
				if err != nil {
					t.Fatal(err)
				}
				if c.Pending != "" {
					t.Skip(pendingNote(c, got))
				}
				for _, d := range c.EtlgenOn(line).Differences(got) {
					t.Errorf("planner: %s\n%s", d, diags)
				}
				s := c.Spark[line]
				if s == nil {
					t.Fatalf("no recorded Spark %s verdict (%s): run ETLGEN_STACK=1 go test ./planner/sparkverdicts -run TestSparkVerdicts -record on a Spark %s stack (scripts/stack.sh up --spark %s)",
						line, sparkverdicts.SparkFile(line), line, line)
				}
				if msg := disagreement(c, line, got, *s); msg != "" {
					t.Error(msg)
				}
			})
		}
	}
}

// pendingNote says why a pending case is skipped and what the planner
// reports until the change lands.
func pendingNote(c sparkverdicts.Case, got sparkverdicts.Etlgen) string {
	note := "pending (" + c.Pending + "): the planner reports errors " + codes(got.Errors) + ", the corpus expects " + codes(c.Etlgen.Errors)
	if slices.Equal(got.Errors, c.Etlgen.Errors) {
		note += " — the planner agrees now: drop pending from the case"
	}
	return note
}

// disagreement describes how etlgen's verdict and Spark's disagree, or how
// a deliberate case fails to; "" when the case is as it says. A deliberate
// case may agree on a line where the planner's verdict is the line's own
// (EtlgenLines: a rule keyed by the line refuses it there too).
func disagreement(c sparkverdicts.Case, line string, got sparkverdicts.Etlgen, s sparkverdicts.Spark) string {
	agree := sparkverdicts.Agree(got, s)
	_, lineOwn := c.EtlgenLines[line]
	switch {
	case !agree && c.Deliberate == "":
		return "etlgen " + verdictWord(got.Accepted()) + " (errors " + codes(got.Errors) + "), Spark " + s.String()
	case agree && c.Deliberate != "" && !lineOwn:
		return "marked deliberate, but etlgen and Spark agree (" + s.String() + "): drop deliberate from the case"
	}
	return ""
}

func verdictWord(accepted bool) string {
	if accepted {
		return "accepts"
	}
	return "rejects"
}

func codes(c []string) string {
	if len(c) == 0 {
		return "none"
	}
	return "[" + strings.Join(c, ", ") + "]"
}
