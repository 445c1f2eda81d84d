package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func doctorCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestDoctorUsage(t *testing.T) {
	for _, args := range [][]string{{"doctor"}, {"doctor", "--profile", "x.yaml", "--format", "xml"}, {"doctor", "--bogus"}} {
		if code, _, _ := doctorCLI(t, args...); code != ExitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, ExitUsage)
		}
	}
}

func TestDoctorMissingProfile(t *testing.T) {
	code, _, stderr := doctorCLI(t, "doctor", "--profile", filepath.Join(t.TempDir(), "none.yaml"))
	if code != ExitInvalidModel || !strings.Contains(stderr, "read profile") {
		t.Errorf("exit %d, stderr %q; want %d and a read error", code, stderr, ExitInvalidModel)
	}
}

func TestDoctorUnreachableIsEnvironmentFailure(t *testing.T) {
	profile := filepath.Join("..", "..", "sparkrun", "doctor", "testdata", "unreachable.yaml")
	code, stdout, _ := doctorCLI(t, "doctor", "--profile", profile, "--format", "json", "--timeout", "15s")
	if code != ExitEnvironment {
		t.Fatalf("exit %d, want %d\n%s", code, ExitEnvironment, stdout)
	}
	var rep struct {
		OK     bool `json:"ok"`
		Checks []struct{ Name, Status, Code string }
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	if rep.OK || len(rep.Checks) == 0 || rep.Checks[0].Name != "spark-connect" || rep.Checks[0].Status != "failed" {
		t.Errorf("report = %+v", rep)
	}
}

// TestDoctorBadProfile: a broken profile gives framework/profile's P3xx
// diagnostics, as validate prints them, and exit 10 before any probe runs.
func TestDoctorBadProfile(t *testing.T) {
	profile := filepath.Join("..", "..", "sparkrun", "doctor", "testdata", "bad.yaml")
	code, stdout, stderr := doctorCLI(t, "doctor", "--profile", profile)
	if code != ExitInvalidModel || stdout != "" {
		t.Fatalf("exit %d, stdout %q; want %d and no report\n%s", code, stdout, ExitInvalidModel, stderr)
	}
	for _, want := range []string{
		filepath.ToSlash(profile) + ":4:13: ETL-P302: unknown key \"checkpoint_rot\" in execution",
		"ETL-P303", "ETL-P315", "3 errors, 0 warnings, 0 notes", // the misspelt checkpoint_root is not also missing (ETL-P304)
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}
