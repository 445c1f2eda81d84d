package cli

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// TestHelp: `etlgen help CMD`, `etlgen CMD --help` and `etlgen CMD -h`
// print the same help of every command on stdout, nothing on stderr, and
// exit 0; the help is golden (testdata/cli/help_CMD/stdout).
func TestHelp(t *testing.T) {
	for _, c := range sortedCommands() {
		t.Run(c.name, func(t *testing.T) {
			code, want, stderr := runCLI("help", c.name)
			if code != ExitOK || stderr != "" {
				t.Fatalf("etlgen help %s: exit %d, stderr %q", c.name, code, stderr)
			}
			if !strings.HasPrefix(want, "Usage: etlgen "+c.name) {
				t.Errorf("etlgen help %s does not start with its synopsis:\n%s", c.name, want)
			}
			cliGolden(t, "help_"+c.name, "stdout", want)
			for _, flag := range []string{"--help", "-h", "-help"} {
				code, got, stderr := runCLI(c.name, flag)
				if code != ExitOK || stderr != "" || got != want {
					t.Errorf("etlgen %s %s: exit %d, stderr %q, stdout differs from etlgen help %s:\n%s", c.name, flag, code, stderr, c.name, got)
				}
			}
		})
	}
}

// TestCommandLine covers what every command shares: the command list,
// usage errors (stderr, exit 2, one prefix, where the help is), the version
// and --format aliases.
func TestCommandLine(t *testing.T) {
	tests := []struct {
		name string // golden directory under testdata/cli/
		args []string
		code int
	}{
		{"help", []string{"help"}, ExitOK},
		{"help_unknown", []string{"help", "nope"}, ExitUsage},
		{"unknown_command", []string{"nope"}, ExitUsage},
		{"bad_flag", []string{"validate", "--nope"}, ExitUsage},
		{"missing_profile", []string{"plan", "."}, ExitUsage},
		{"bad_format", []string{"plan", ".", "--profile", "p.yaml", "--format", "sarif"}, ExitUsage},
		{"version_argument", []string{"version", "x"}, ExitUsage},
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
	for _, args := range [][]string{{}, {"-h"}, {"--help"}} {
		if code, stdout, _ := runCLI(args...); code != ExitOK || !strings.Contains(stdout, "Commands:") {
			t.Errorf("etlgen %v: exit %d, stdout:\n%s", args, code, stdout)
		}
	}
}

// TestVersion: `etlgen --version` and `etlgen version` print the same line.
func TestVersion(t *testing.T) {
	code, want, _ := runCLI("version")
	if code != ExitOK || !strings.HasPrefix(want, "etlgen ") || !strings.HasSuffix(want, runtime.Version()+"\n") {
		t.Fatalf("etlgen version: exit %d, %q", code, want)
	}
	for _, flag := range []string{"--version", "-version"} {
		if code, got, _ := runCLI(flag); code != ExitOK || got != want {
			t.Errorf("etlgen %s: exit %d, %q, want %q", flag, code, got, want)
		}
	}
}

// TestVersionText formats the builds etlgen meets: a stamp wins, then the
// module version; a replace by a directory names the directory and has no
// version of its own.
func TestVersionText(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	const pseudo = "v0.0.0-20261201140000-0123456789ab"
	// tool is the bin/etlgen or go tool etlgen of a pipeline repository:
	// etlgen's command built in the repository's module graph.
	tool := func(version string, replace *debug.Module) *debug.BuildInfo {
		return &debug.BuildInfo{GoVersion: "go1.26.8", Path: etlgenTool, Main: debug.Module{Path: etlgenModule, Version: version, Replace: replace}}
	}
	checkout := &debug.Module{Path: "/src/etlgen"}
	tests := []struct {
		name  string
		stamp string
		bi    *debug.BuildInfo
		ok    bool
		want  string
	}{
		{"no build info", "", nil, false, "etlgen (devel) " + runtime.Version()},
		{"no build info, stamped", "v0.4.0-3-g0123456", nil, false, "etlgen v0.4.0-3-g0123456 " + runtime.Version()},
		{"checkout build", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: etlgenModule, Version: "(devel)"},
			Settings: vcs("0123456789abcdef", "true")}, true, "etlgen (devel) (rev 0123456789abcdef, modified) go1.26.8"},
		{"checkout build without VCS stamping", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: etlgenModule, Version: "(devel)"}}, true,
			"etlgen (devel) go1.26.8"},
		{"make build without VCS stamping", "0123456-dirty", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: etlgenModule, Version: "(devel)"}}, true,
			"etlgen 0123456-dirty go1.26.8"},
		{"make build", "v0.4.0-3-g0123456", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: etlgenModule, Version: "(devel)"},
			Settings: vcs("0123456789abcdef", "false")}, true, "etlgen v0.4.0-3-g0123456 (rev 0123456789abcdef) go1.26.8"},
		{"clean checkout", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: etlgenModule, Version: "v0.4.0"},
			Settings: vcs("0123456789abcdef", "false")}, true, "etlgen v0.4.0 (rev 0123456789abcdef) go1.26.8"},
		{"go install", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: etlgenModule, Version: "v0.4.0"}}, true,
			"etlgen v0.4.0 go1.26.8"},
		{"tool at a release", "", tool("v0.4.0", nil), true, "etlgen v0.4.0 go1.26.8"},
		{"tool at a pseudo-version", "", tool(pseudo, nil), true, "etlgen " + pseudo + " go1.26.8"},
		{"tool replaced by a checkout", "", tool(zeroVersion, checkout), true, "etlgen (devel) (replace /src/etlgen) go1.26.8"},
		{"tool replaced by a checkout, stamped", "0123456-dirty", tool(zeroVersion, checkout), true,
			"etlgen 0123456-dirty (replace /src/etlgen) go1.26.8"},
		{"tool replaced by a checkout, go.mod requiring a release", "", tool("v0.4.0", checkout), true,
			"etlgen (devel) (replace /src/etlgen) go1.26.8"},
		{"tool replaced by a fork's release", "", tool("v0.4.0", &debug.Module{Path: "example.com/fork", Version: "v0.4.1"}), true,
			"etlgen v0.4.1 go1.26.8"},
		{"linked into a program", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "example.com/pipes"},
			Deps: []*debug.Module{{Path: "github.com/other/x", Version: "v1.0.0"}, {Path: etlgenModule, Version: pseudo}}}, true,
			"etlgen " + pseudo + " go1.26.8"},
		{"linked into a program, replaced by a checkout", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "example.com/pipes"},
			Deps: []*debug.Module{{Path: etlgenModule, Version: "v0.0.0", Replace: &debug.Module{Path: "../etlgen"}}}}, true,
			"etlgen (devel) (replace ../etlgen) go1.26.8"},
		{"not in the build", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "example.com/pipes", Version: "v9.9.9"}}, true,
			"etlgen (devel) go1.26.8"},
	}
	for _, tt := range tests {
		if got := versionText(tt.stamp, tt.bi, tt.ok); got != tt.want {
			t.Errorf("%s: versionText = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestFormatAliases: the older format names give the same output as the
// current ones.
func TestFormatAliases(t *testing.T) {
	t.Chdir(root)
	args := []string{"validate", "--ir", corpusCase + "limit_on_stream_update/ir.json", "--profile", corpusCase + "limit_on_stream_update/profile.yaml", "--format"}
	_, wantOut, wantErr := runCLI(append(args, "text")...)
	if !strings.Contains(wantErr, "ETL-S408") {
		t.Fatalf("--format text: stderr lacks ETL-S408:\n%s", wantErr)
	}
	if _, out, errs := runCLI(append(args, "human")...); out != wantOut || errs != wantErr {
		t.Errorf("--format human differs from text:\nstdout %q\nstderr %q", out, errs)
	}
}

// TestPackageDoesNotCompile: a pipeline package with a compile error is an
// invalid model (exit 10) reported as the compiler's errors at their
// positions (ETL-D200), on stderr as text and on stdout as SARIF.
func TestPackageDoesNotCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the IR program with the go tool")
	}
	t.Chdir(root)
	pkg := "./internal/cli/testdata/cli/validate_does_not_compile/input"
	prof := "internal/cli/testdata/cli/validate_does_not_compile/input/profile.yaml"
	tests := []struct {
		name string
		args []string
	}{
		{"validate_does_not_compile", []string{"validate", pkg, "--profile", prof}},
		{"validate_does_not_compile_sarif", []string{"validate", pkg, "--profile", prof, "--format", "sarif"}},
		{"plan_does_not_compile", []string{"plan", pkg, "--profile", prof}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(tc.args...)
			if code != ExitInvalidModel {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, ExitInvalidModel, stdout, stderr)
			}
			cliGolden(t, tc.name, "stdout", stdout)
			cliGolden(t, tc.name, "stderr", stderr)
		})
	}
}
