package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
)

// projectDir is the fixture project: two pipeline packages (./orders on
// targets local and strict, ./audit on local) in one etlgen.yaml; the
// strict target's profile has a warning.
const projectDir = "testdata/project"

// TestProjectCommands runs the commands over the project file, with no
// package and no profile: every pipeline package × target, a selection,
// warnings made fatal, usage errors that name the closest choice.
func TestProjectCommands(t *testing.T) {
	tests := []struct {
		name string // golden directory under testdata/cli/
		args []string
		code int
	}{
		{"project_validate", []string{"validate", "-C", projectDir}, ExitOK},
		{"project_validate_strict", []string{"validate", "-C", projectDir, "--strict"}, ExitInvalidModel},
		{"project_validate_fail_on", []string{"validate", "-C", projectDir, "--fail-on", "warning", "--target", "local"}, ExitOK},
		{"project_validate_package", []string{"validate", "-C", projectDir, "./audit"}, ExitOK},
		{"project_validate_bad_target", []string{"validate", "-C", projectDir, "--target", "lcoal"}, ExitUsage},
		{"project_validate_bad_package", []string{"validate", "-C", projectDir, "./audti"}, ExitUsage},
		{"project_validate_bad_fail_on", []string{"validate", "-C", projectDir, "--fail-on", "fatal"}, ExitUsage},
		{"project_run_two_packages", []string{"run", "-C", projectDir}, ExitUsage},
		{"project_doctor", []string{"doctor", "-C", projectDir}, ExitOK},
		{"project_gen_check", []string{"gen", "-C", projectDir, "--check"}, ExitOK},
		{"project_target_without_project", []string{"validate", "--target", "local", "."}, ExitUsage},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout, stderr)
			}
			cliGolden(t, tc.name, "stdout", stdout)
			cliGolden(t, tc.name, "stderr", stderr)
		})
	}
}

// TestProjectSARIF: one SARIF document holds the findings of every unit.
func TestProjectSARIF(t *testing.T) {
	code, stdout, _ := runCLI("validate", "-C", projectDir, "--format", "sarif", "--strict")
	if code != ExitInvalidModel {
		t.Fatalf("exit %d", code)
	}
	var doc struct {
		Runs []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if len(doc.Runs) != 1 || len(doc.Runs[0].Results) != 1 || doc.Runs[0].Results[0].RuleID != "ETL-P316" {
		t.Errorf("want one run with the one warning ETL-P316:\n%s", stdout)
	}
}

// TestCheckProject: etlgen check plans every unit, runs the packages'
// tests and reports a failing one as ETL-T901 on its package, with the
// test's name and output, and one summary line per unit.
func TestCheckProject(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on the fixture packages")
	}
	code, stdout, stderr := runCLI("check", "-C", projectDir)
	if code != ExitOK {
		t.Fatalf("check: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"ok   ./orders@local   fixture-orders: no problems; contracts not published; no tests", "ok   ./audit@local    fixture-audit: no problems; contracts not published; tests ok (1 passed)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	t.Setenv("ETLGEN_FIXTURE_FAIL", "1")
	code, stdout, stderr = runCLI("check", "-C", projectDir, "--format", "json")
	if code != ExitInvalidModel {
		t.Fatalf("check with a failing test: exit %d\n%s%s", code, stdout, stderr)
	}
	var doc unitsDocument
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	var failed diag.List
	for _, d := range doc.Diagnostics {
		if d.Code == CodeTestsFail {
			failed = append(failed, d)
		}
	}
	if len(failed) != 1 || !strings.Contains(failed[0].Message, "TestFixture") || !strings.Contains(failed[0].Hint, "failing on purpose") ||
		!strings.HasSuffix(filepath.ToSlash(failed[0].Pos.File), "testdata/project/audit") {
		t.Errorf("want one ETL-T901 on ./audit naming TestFixture with its output, got %+v", failed)
	}
	if doc.ExitCode != ExitInvalidModel || len(doc.Units) != 3 || doc.Units[2].OK {
		t.Errorf("units %+v exit %d", doc.Units, doc.ExitCode)
	}
}

// TestProjectWriteState: plan --write-state writes one manifest per
// pipeline and target, and validate then grades the plan against it.
func TestProjectWriteState(t *testing.T) {
	if code, _, stderr := runCLI("plan", "-C", projectDir, "--target", "local", "--write-state"); code != ExitOK {
		t.Fatalf("plan --write-state: exit %d\n%s", code, stderr)
	}
	t.Cleanup(func() { os.RemoveAll(filepath.Join(projectDir, "state")) })
	for _, f := range []string{"state/local/fixture-orders.json", "state/local/fixture-audit.json"} {
		if _, err := os.Stat(filepath.Join(projectDir, f)); err != nil {
			t.Errorf("plan --write-state did not write %s: %v", f, err)
		}
	}
	code, stdout, stderr := runCLI("validate", "-C", projectDir, "--target", "local")
	if code != ExitOK || !strings.Contains(stderr, "ETL-X690") {
		t.Errorf("validate after --write-state: exit %d, want the compatible-state note ETL-X690\n%s%s", code, stdout, stderr)
	}
	if err := os.WriteFile(filepath.Join(projectDir, "state/local/fixture-audit.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCLI("validate", "-C", projectDir, "--target", "local")
	if code != ExitIncompatible || !strings.Contains(stderr, "state/local/fixture-audit.json: ETL-X611") {
		t.Errorf("validate with a torn manifest: exit %d\n%s", code, stderr)
	}
}

// TestProjectContracts: etlgen contracts over the project writes each
// package's files into contracts.dir as its own; check then finds them
// current, and a hand edit stale (ETL-G813).
func TestProjectContracts(t *testing.T) {
	dir := filepath.Join(projectDir, "contracts")
	t.Cleanup(func() { os.RemoveAll(dir) })
	code, stdout, stderr := runCLI("contracts", "-C", projectDir)
	if code != ExitOK {
		t.Fatalf("contracts: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, f := range []string{"pipelines/fixture-orders.dpcs.yaml", "pipelines/fixture-audit.dpcs.yaml", ".etlgen-owned.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("contracts did not write %s: %v", f, err)
		}
	}
	if code, stdout, stderr := runCLI("check", "-C", projectDir, "--no-test"); code != ExitOK {
		t.Fatalf("check after contracts: exit %d\n%s%s", code, stdout, stderr)
	}
	// contracts of one package leave the other's files alone.
	if code, _, stderr := runCLI("contracts", "-C", projectDir, "./audit"); code != ExitOK || strings.Contains(stderr, "removed") {
		t.Fatalf("contracts ./audit: exit %d\n%s", code, stderr)
	}
	file := filepath.Join(dir, "pipelines/fixture-orders.dpcs.yaml")
	if err := os.WriteFile(file, []byte("# edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCLI("check", "-C", projectDir, "--no-test")
	if code != ExitInvalidModel || !strings.Contains(stderr, "fixture-orders.dpcs.yaml: ETL-G813") {
		t.Errorf("check after a hand edit: exit %d, want ETL-G813\n%s", code, stderr)
	}
}

// TestProjectDocs: etlgen docs over the project writes one site: the
// index at the root, each package's pipeline pages under its directory,
// and a second run changes nothing.
func TestProjectDocs(t *testing.T) {
	out := t.TempDir()
	code, stdout, stderr := runCLI("docs", "-C", projectDir, "-o", out)
	if code != ExitOK {
		t.Fatalf("docs: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, f := range []string{"index.html", "orders/fixture-orders.html", "audit/fixture-audit.html", "contracts/order-event.html", ".etlgen-owned.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("docs did not write %s: %v", f, err)
		}
	}
	index, _ := os.ReadFile(filepath.Join(out, "index.html"))
	for _, want := range []string{"fixture-orders", "fixture-audit", `href="orders/fixture-orders.html"`} {
		if !strings.Contains(string(index), want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	if code, _, stderr := runCLI("docs", "-C", projectDir, "-o", out); code != ExitOK || strings.Contains(stderr, "removed") {
		t.Errorf("second docs run: exit %d\n%s", code, stderr)
	}
	if code, _, _ := runCLI("docs", "-C", projectDir, "-o", out, "./orders"); code != ExitUsage {
		t.Errorf("docs with a package in a project: exit %d, want usage", code)
	}
}
