package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
)

const (
	root       = "../.."
	examplePkg = "./examples/order-streaming"
	sparkProf  = "examples/order-streaming/profiles/spark.yaml"
	localProf  = "examples/order-streaming/profiles/local.yaml"
	corpusCase = "planner/testdata/corpus/"
	windowCase = corpusCase + "state_window_changed/"
)

// TestValidateAndPlanExample runs validate and plan on the real example
// package (built through the IR loader) and compares with golden files.
func TestValidateAndPlanExample(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"validate_example_human", []string{"validate", "-C", root, examplePkg, "--profile", sparkProf}, ExitOK},
		{"validate_example_local", []string{"validate", "-C", root, examplePkg, "--profile", localProf}, ExitOK},
		{"validate_example_json", []string{"validate", "-C", root, examplePkg, "--profile", sparkProf, "--format", "json"}, ExitOK},
		{"validate_example_sarif", []string{"validate", "-C", root, examplePkg, "--profile", sparkProf, "--format", "sarif"}, ExitOK},
		{"plan_example_human", []string{"plan", "-C", root, examplePkg, "--profile", sparkProf}, ExitOK},
		{"plan_example_json", []string{"plan", "-C", root, examplePkg, "--profile", sparkProf, "--format", "json"}, ExitOK},
		{"validate_state_incompatible", []string{"validate", "-C", root, "--ir", windowCase + "ir.json", "--profile", windowCase + "profile.yaml",
			"--against", windowCase + "against.json"}, ExitIncompatible},
		{"validate_dsl_case", []string{"validate", "-C", root, "./planner/testdata/dslcase", "--profile", corpusCase + "../dslcase/profile.yaml"}, ExitPlanning},
		{"validate_streaming_sarif", []string{"validate", "-C", root, "--ir", corpusCase + "outer_join_unbounded/ir.json",
			"--profile", corpusCase + "outer_join_unbounded/profile.yaml", "--format", "sarif"}, ExitPlanning},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(tc.args...)
			if code != tc.code {
				t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout, stderr)
			}
			if err := os.MkdirAll(filepath.Join("testdata", "cli", tc.name), 0o755); err != nil {
				t.Fatal(err)
			}
			cliGolden(t, tc.name, "stdout", stdout)
			cliGolden(t, tc.name, "stderr", stderr)
		})
	}
}

// TestValidateExitCodes maps each kind of problem to its exit code.
func TestValidateExitCodes(t *testing.T) {
	c := func(name string) []string {
		return []string{"validate", "-C", root, "--ir", corpusCase + name + "/ir.json", "--profile", corpusCase + name + "/profile.yaml"}
	}
	tests := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"definition", c("cycle"), ExitInvalidModel, "ETL-D264"},
		{"profile binding", c("asset_unbound"), ExitInvalidModel, "ETL-P330"},
		{"streaming rule", c("limit_on_stream"), ExitPlanning, "ETL-S408"},
		{"checkpoint identity", c("shared_checkpoint"), ExitPlanning, "ETL-K501"},
		{"warning only", c("inner_join_unbounded_warns"), ExitOK, "ETL-S422"},
		{"forced mode", append(c("ok_example"), "--output-mode", "customer_order_windows=complete", "--output-mode", "rejected_order_events=complete"), ExitPlanning, "ETL-S402"},
		{"unreadable manifest", append(c("ok_example"), "--against", "go.mod"), ExitIncompatible, "ETL-X611"},
		{"package does not build", []string{"validate", "-C", root, "./no/such/pkg", "--profile", sparkProf}, ExitEnvironment, ""},
		{"profile file missing", []string{"validate", "-C", root, examplePkg, "--profile", "nope.yaml"}, ExitEnvironment, ""},
		{"no profile", []string{"validate", examplePkg}, ExitUsage, ""},
		{"bad format", []string{"validate", examplePkg, "--profile", sparkProf, "--format", "xml"}, ExitUsage, ""},
		{"plan with errors", append([]string{"plan"}, c("limit_on_stream")[1:]...), ExitPlanning, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(tc.args...)
			if code != tc.code {
				t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout, stderr)
			}
			if !strings.Contains(stdout, tc.out) {
				t.Errorf("stdout lacks %q:\n%s", tc.out, stdout)
			}
		})
	}
}

// TestManifestRoundTrip: plan --manifest, then validate --against the same
// manifest is compatible; against a manifest of another window, incompatible.
func TestManifestRoundTrip(t *testing.T) {
	man := filepath.Join(t.TempDir(), "state.json")
	code, _, stderr := runCLI("plan", "-C", root, "--ir", windowCase+"ir.json", "--profile", windowCase+"profile.yaml", "--manifest", man)
	if code != ExitOK {
		t.Fatalf("plan: exit %d\n%s", code, stderr)
	}
	code, stdout, _ := runCLI("validate", "-C", root, "--ir", windowCase+"ir.json", "--profile", windowCase+"profile.yaml", "--against", man)
	if code != ExitOK || !strings.Contains(stdout, "ETL-X690") {
		t.Errorf("against its own manifest: exit %d, want 0 with ETL-X690:\n%s", code, stdout)
	}
	code, stdout, _ = runCLI("validate", "-C", root, "--ir", corpusCase+"ok_example/ir.json", "--profile", windowCase+"profile.yaml", "--against", man)
	if code != ExitIncompatible || !strings.Contains(stdout, "ETL-X602") {
		t.Errorf("window changed back: exit %d, want 14 with ETL-X602:\n%s", code, stdout)
	}
}

// TestExitFor: the lowest-level cause wins; warnings and notes never fail.
func TestExitFor(t *testing.T) {
	d := func(code string, sev diag.Severity) diag.Diagnostic {
		return diag.Diagnostic{Code: code, Severity: sev}
	}
	tests := []struct {
		name string
		l    diag.List
		want int
	}{
		{"none", nil, ExitOK},
		{"warnings and notes", diag.List{d("ETL-S421", diag.Warning), d("ETL-X690", diag.Note)}, ExitOK},
		{"state", diag.List{d("ETL-X601", diag.Error)}, ExitIncompatible},
		{"planning beats state", diag.List{d("ETL-X601", diag.Error), d("ETL-K501", diag.Error)}, ExitPlanning},
		{"model beats planning", diag.List{d("ETL-S401", diag.Error), d("ETL-P330", diag.Error), d("ETL-C101", diag.Error)}, ExitInvalidModel},
		{"environment beats all", diag.List{d("ETL-D264", diag.Error), d("ETL-E701", diag.Error)}, ExitEnvironment},
		{"empty code", diag.List{d("", diag.Error)}, ExitInvalidModel},
	}
	for _, tt := range tests {
		if got := exitFor(tt.l); got != tt.want {
			t.Errorf("%s: exitFor = %d, want %d", tt.name, got, tt.want)
		}
	}
}
