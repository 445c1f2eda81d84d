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
	// outputModeProf is ok_example's profile with output_mode: complete on
	// the customer_order_windows sink.
	outputModeProf = "internal/cli/testdata/cli/plan_profile_output_mode/profile.yaml"
)

// TestValidateAndPlanExample runs validate and plan on the real example
// package (built through the IR loader) and compares with golden files.
func TestValidateAndPlanExample(t *testing.T) {
	// Run from the module root, as a user would: diagnostics name files
	// relative to the working directory (planner/testdata/dslcase/pipeline.go).
	t.Chdir(root)
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"validate_example_human", []string{"validate", examplePkg, "--profile", sparkProf}, ExitOK},
		{"validate_example_local", []string{"validate", examplePkg, "--profile", localProf}, ExitOK},
		{"validate_example_json", []string{"validate", examplePkg, "--profile", sparkProf, "--format", "json"}, ExitOK},
		{"validate_example_sarif", []string{"validate", examplePkg, "--profile", sparkProf, "--format", "sarif"}, ExitOK},
		{"plan_example_human", []string{"plan", examplePkg, "--profile", sparkProf}, ExitOK},
		{"plan_example_json", []string{"plan", examplePkg, "--profile", sparkProf, "--format", "json"}, ExitOK},
		{"validate_state_incompatible", []string{"validate", "--ir", windowCase + "ir.json", "--profile", windowCase + "profile.yaml",
			"--against", windowCase + "against.json"}, ExitIncompatible},
		{"validate_dsl_case", []string{"validate", "./planner/testdata/dslcase", "--profile", corpusCase + "../dslcase/profile.yaml"}, ExitPlanning},
		{"validate_dsl_case_json", []string{"validate", "./planner/testdata/dslcase", "--profile", corpusCase + "../dslcase/profile.yaml", "--format", "json"}, ExitPlanning},
		{"plan_dsl_case", []string{"plan", "./planner/testdata/dslcase", "--profile", corpusCase + "../dslcase/profile.yaml"}, ExitPlanning},
		{"plan_profile_output_mode", []string{"plan", "--ir", corpusCase + "ok_example/ir.json", "--profile", outputModeProf}, ExitOK},
		{"plan_output_mode_flag_wins", []string{"plan", "--ir", corpusCase + "ok_example/ir.json", "--profile", outputModeProf,
			"--output-mode", "customer_order_windows=update"}, ExitOK},
		{"validate_profile_typos", []string{"validate", "--ir", corpusCase + "ok_example/ir.json", "--profile", "internal/cli/testdata/cli/validate_profile_typos/profile.yaml"}, ExitInvalidModel},
		{"validate_profile_output_mode_json", []string{"validate", "--ir", corpusCase + "session_window_update/ir.json",
			"--profile", "internal/cli/testdata/cli/validate_profile_output_mode_json/profile.yaml", "--format", "json"}, ExitPlanning},
		{"validate_streaming_sarif", []string{"validate", "--ir", corpusCase + "outer_join_unbounded/ir.json",
			"--profile", corpusCase + "outer_join_unbounded/profile.yaml", "--format", "sarif"}, ExitPlanning},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(tc.args...)
			if code != tc.code {
				t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout, stderr)
			}
			cliGolden(t, tc.name, "stdout", stdout)
			cliGolden(t, tc.name, "stderr", stderr)
		})
	}
}

// TestDiagnosticPathsRelativeToCwd: validate and plan print file names
// relative to the working directory when the file is under it (as gcc and
// go vet do), whatever -C and however the file was named, and absolute
// otherwise.
func TestDiagnosticPathsRelativeToCwd(t *testing.T) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	dslCase := filepath.Join(absRoot, "planner", "testdata", "dslcase")
	unbound := filepath.Join(absRoot, "planner", "testdata", "corpus", "asset_unbound")
	tests := []struct {
		name string
		cwd  string // relative to the module root
		args []string
		want string // the start of a line of the output
	}{
		{"package in cwd", "planner/testdata/dslcase", []string{"validate", ".", "--profile", "profile.yaml"},
			"pipeline.go:18: ETL-S420"},
		{"package under cwd with -C", "planner/testdata", []string{"validate", "-C", "dslcase", ".", "--profile", "profile.yaml"},
			"dslcase/pipeline.go:18: ETL-S420"},
		{"plan package in cwd", "planner/testdata/dslcase", []string{"plan", ".", "--profile", "profile.yaml"},
			"pipeline.go:19: ETL-S407"},
		{"package outside cwd", "internal/cli", []string{"validate", "-C", dslCase, ".", "--profile", "profile.yaml"},
			filepath.Join(dslCase, "pipeline.go") + ":18: ETL-S420"},
		{"absolute profile under cwd", ".", []string{"validate", "--ir", filepath.Join(unbound, "ir.json"), "--profile", filepath.Join(unbound, "profile.yaml")},
			"planner/testdata/corpus/asset_unbound/profile.yaml:"},
		{"absolute -C under cwd", "planner", []string{"validate", "-C", filepath.Join(absRoot, "planner", "testdata", "corpus", "asset_unbound"),
			"--ir", "ir.json", "--profile", "profile.yaml"},
			"testdata/corpus/asset_unbound/profile.yaml:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(filepath.Join(absRoot, filepath.FromSlash(tc.cwd)))
			_, stdout, stderr := runCLI(tc.args...)
			out := stdout + stderr
			found := false
			for _, line := range strings.Split(out, "\n") {
				if strings.HasPrefix(line, tc.want) {
					found = true
				}
			}
			if !found {
				t.Errorf("no line starts with %q:\n%s", tc.want, out)
			}
			if tc.name != "package outside cwd" && strings.Contains(out, absRoot) {
				t.Errorf("output holds an absolute path under the working directory:\n%s", out)
			}
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
		{"streaming rule", c("limit_on_stream_update"), ExitPlanning, "ETL-S408"},
		{"checkpoint identity", c("shared_checkpoint"), ExitPlanning, "ETL-K501"},
		{"sink feeds its source", c("sink_under_source_path"), ExitPlanning, "ETL-K506"},
		{"warning only", c("inner_join_unbounded_warns"), ExitOK, "ETL-S422"},
		{"forced mode", append(c("ok_example"), "--output-mode", "customer_order_windows=complete", "--output-mode", "rejected_order_events=complete"), ExitPlanning, "ETL-S402"},
		{"unreadable manifest", append(c("ok_example"), "--against", "go.mod"), ExitIncompatible, "ETL-X611"},
		{"package does not build", []string{"validate", "-C", root, "./no/such/pkg", "--profile", sparkProf}, ExitEnvironment, ""},
		{"profile file missing", []string{"validate", "-C", root, examplePkg, "--profile", "nope.yaml"}, ExitEnvironment, ""},
		{"no profile", []string{"validate", examplePkg}, ExitUsage, ""},
		{"bad format", []string{"validate", examplePkg, "--profile", sparkProf, "--format", "xml"}, ExitUsage, ""},
		{"plan with errors", append([]string{"plan"}, c("limit_on_stream_update")[1:]...), ExitPlanning, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(tc.args...)
			if code != tc.code {
				t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout, stderr)
			}
			if !strings.Contains(stderr, tc.out) {
				t.Errorf("stderr lacks %q:\n%s", tc.out, stderr)
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
	code, _, stderr = runCLI("validate", "-C", root, "--ir", windowCase+"ir.json", "--profile", windowCase+"profile.yaml", "--against", man)
	if code != ExitOK || !strings.Contains(stderr, "ETL-X690") {
		t.Errorf("against its own manifest: exit %d, want 0 with ETL-X690:\n%s", code, stderr)
	}
	code, _, stderr = runCLI("validate", "-C", root, "--ir", corpusCase+"ok_example/ir.json", "--profile", windowCase+"profile.yaml", "--against", man)
	if code != ExitIncompatible || !strings.Contains(stderr, "ETL-X602") {
		t.Errorf("window changed back: exit %d, want 14 with ETL-X602:\n%s", code, stderr)
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

// TestValidateReadsSourceContracts: validate checks the package's Go source
// too: generated helpers out of date with an edited tag (ETL-G813, fix: go
// generate) and an invalid validate tag (C1xx) fail it, as `etlgen gen
// --check` would.
func TestValidateReadsSourceContracts(t *testing.T) {
	prof, err := filepath.Abs(filepath.Join(root, sparkProf))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, old, new, code string
	}{
		{"stale helpers", "`json:\"order_id\" validate:\"gt=0\"", "`json:\"order_no\" validate:\"gt=0\"", "ETL-G813"},
		{"invalid tag", "`json:\"order_id\" validate:\"gt=0\"", "`json:\"order_id\" validate:\"gt=zero\"", "ETL-C1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyPackage(t, filepath.Join(root, "examples", "order-streaming"))
			// the copy's helpers regenerated, a first validate records the
			// clean check in the cache: the edit below must invalidate it
			if code, stdout, stderr := runCLI("gen", "./"+dir); code != ExitOK {
				t.Fatalf("gen: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
			}
			if code, stdout, stderr := runCLI("validate", "./"+dir, "--profile", prof); code != ExitOK {
				t.Fatalf("before the edit: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
			}
			src := filepath.Join(dir, "contracts.go")
			data, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), tc.old) {
				t.Fatalf("contracts.go lacks %s", tc.old)
			}
			if err := os.WriteFile(src, []byte(strings.Replace(string(data), tc.old, tc.new, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			// twice: computed, then from the cache
			for range 2 {
				code, stdout, stderr := runCLI("validate", "./"+dir, "--profile", prof)
				if code != ExitInvalidModel || !strings.Contains(stderr, tc.code) {
					t.Errorf("exit %d, want %d with %s\nstdout:\n%s\nstderr:\n%s", code, ExitInvalidModel, tc.code, stdout, stderr)
				}
			}
		})
	}
}
