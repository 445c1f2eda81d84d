package doctor

import (
	"bytes"
	"strings"
	"testing"
)

// TestCodegenCacheProblem: the sizes below MinCodegenCacheEntries, and a
// server that does not set one (Spark's default, 100), are a problem.
func TestCodegenCacheProblem(t *testing.T) {
	for _, tt := range []struct {
		value   string
		problem bool
		detail  string
	}{
		{"100", true, "spark.sql.codegen.cache.maxEntries 100: below 1000"},
		{"<undefined>", true, "not set: Spark's default, 100"},
		{"", true, "not set: Spark's default, 100"},
		{"999", true, "999: below 1000"},
		{"1000", false, "spark.sql.codegen.cache.maxEntries 1000"},
		{" 2000 ", false, "spark.sql.codegen.cache.maxEntries 2000"},
	} {
		detail, problem := codegenCacheProblem(tt.value)
		if problem != tt.problem || !strings.Contains(detail, tt.detail) {
			t.Errorf("codegenCacheProblem(%q) = %q, %v; want %v and a detail containing %q", tt.value, detail, problem, tt.problem, tt.detail)
		}
	}
}

// TestWarningPasses: a report whose only non-ok check is a warning is OK,
// and its text shows the warning's code and hint.
func TestWarningPasses(t *testing.T) {
	r := Report{Checks: []Check{
		{Title: "Spark version", Status: OK, Detail: "4.1.1"},
		{Title: "Compiled-class cache", Status: Warning, Code: CodeCodegenCache, Detail: "100", Hint: "raise it"},
	}}
	if !r.OK() || len(r.Failed()) != 0 || len(r.Warnings()) != 1 {
		t.Fatalf("OK %v, failed %v, warnings %v: a warning must pass and be listed", r.OK(), r.Failed(), r.Warnings())
	}
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := "✓ Spark version: 4.1.1\n! Compiled-class cache: 100 [ETL-E711]\n    fix: raise it\nall 2 checks passed, 1 with a warning\n"
	if b.String() != want {
		t.Errorf("WriteText = %q, want %q", b.String(), want)
	}
}
