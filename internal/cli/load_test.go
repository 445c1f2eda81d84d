package cli

import (
	"testing"
)

// TestLoadFailures: every way the package, the profile or the IR file of
// a command cannot be used is a coded diagnostic at the path the user gave,
// with a hint, in the command's format; its class gives the exit status
// (environment 16, invalid model 10).
func TestLoadFailures(t *testing.T) {
	const (
		in   = "./testdata/cli/load_no_pipelines/input/"
		prof = "testdata/cli/validate_does_not_compile/input/profile.yaml"
	)
	tests := []struct {
		name  string // golden directory under testdata/cli/
		args  []string
		code  int
		build bool // builds the IR program (skipped with -short)
	}{
		{"load_no_package", []string{"validate", in + "pipelnie", "--profile", prof}, ExitEnvironment, false},
		{"load_no_package_json", []string{"validate", in + "pipelnie", "--profile", prof, "--format", "json"}, ExitEnvironment, false},
		{"load_no_package_run", []string{"run", in + "pipelnie", "--profile", prof}, ExitEnvironment, false},
		{"load_pattern", []string{"plan", in + "...", "--profile", prof}, ExitEnvironment, false},
		{"load_missing_profile", []string{"validate", "--ir", "../../pyspark/testdata/order-streaming.ir.json", "--profile", "testdata/cli/validate_does_not_compile/input/profil.yaml"}, ExitEnvironment, false},
		{"load_missing_ir", []string{"compile", "--ir", "testdata/cli/load_bad_ir/nope.json", "--profile", prof, "-o", t.TempDir()}, ExitEnvironment, false},
		{"load_bad_ir", []string{"plan", "--ir", "testdata/cli/load_bad_ir/old-version.json", "--profile", prof}, ExitInvalidModel, false},
		{"load_no_pipelines", []string{"validate", in + "pipelines", "--profile", prof}, ExitInvalidModel, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.build && testing.Short() {
				t.Skip("builds the IR program with the go tool")
			}
			code, stdout, stderr := runCLI(tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout, stderr)
			}
			cliGolden(t, tc.name, "stdout", stdout)
			cliGolden(t, tc.name, "stderr", stderr)
		})
	}
}
