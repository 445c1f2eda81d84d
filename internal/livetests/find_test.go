package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// writePkg writes files (name → source) into a directory of their own.
func writePkg(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestLiveTests covers each way a test reaches the stack, and the ways an
// offline test only looks like it does.
func TestLiveTests(t *testing.T) {
	const head = "package p\n\nimport (\n\t\"os\"\n\t\"testing\"\n\n\t\"github.com/etlgen/etlgen/e2e/stack\"\n\t\"github.com/etlgen/etlgen/framework/profile\"\n)\n\nvar _ = os.Getenv\nvar _ = profile.Load\nvar _ = stack.Require\n" // blank: never reached, the stack named
	cases := []struct {
		name, src string
		want      []string
		err       string
	}{
		{name: "guard literal", src: `func TestA(t *testing.T) { if os.Getenv("ETLGEN_STACK") != "1" { t.Skip() } }
func TestB(t *testing.T) {}`, want: []string{"TestA"}},
		{name: "stack member", src: `func TestA(t *testing.T) { _ = stack.SparkRemote() }`, want: []string{"TestA"}},
		{name: "renamed import", src: `func TestA(t *testing.T) { st.Require(t) }`, want: []string{"TestA"}},
		{name: "helper chain", src: `func start(t *testing.T) { stack.Require(t) }
func env(t *testing.T) { start(t) }
func TestA(t *testing.T) { env(t) }
func TestB(t *testing.T) {}`, want: []string{"TestA"}},
		{name: "method", src: `type s struct{}
func (s) open(t *testing.T) { stack.Require(t) }
func TestA(t *testing.T) { var x s; x.open(t) }
func TestB(t *testing.T) { open := 1; _ = open }`, want: []string{"TestA"}},
		{name: "function value", src: `func start(t *testing.T) { stack.Require(t) }
func TestA(t *testing.T) { for _, f := range []func(*testing.T){start} { f(t) } }`, want: []string{"TestA"}},
		{name: "guard constant", src: `const guard = "ETLGEN_STACK"
func TestA(t *testing.T) { _ = os.Getenv(guard) }`, want: []string{"TestA"}},
		{name: "qualified name is not the package's", src: `func (s) profile(t *testing.T) string { return stack.SparkRemote() }
type s struct{}
func TestA(t *testing.T) { var x s; _ = x.profile(t) }
func TestB(t *testing.T) { _, _, _ = profile.Load("p") }`, want: []string{"TestA"}},
		{name: "TestMain and lower case", src: `func TestMain(m *testing.M) { stack.Enabled(); m.Run() }
func Testlower(t *testing.T) { stack.Require(t) }
func Test_A(t *testing.T) { stack.Require(t) }`, want: []string{"Test_A"}, err: "TestMain names the stack but no top-level test reaches it"},
		{name: "helper no test reaches", src: `func start(t *testing.T) { stack.Require(t) }
func TestA(t *testing.T) {}`, err: "start names the stack but no top-level test reaches it"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := head + c.src
			if c.name == "renamed import" {
				src = strings.Replace(src, "\t\"github.com/etlgen/etlgen/e2e/stack\"", "\tst \"github.com/etlgen/etlgen/e2e/stack\"", 1)
			}
			got, err := liveTests(writePkg(t, map[string]string{"p_test.go": src}))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("live tests (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRepository runs the walk on the module: the live tests of the
// packages make test-stack runs are found, and the heaviest offline tests
// of those packages are not.
func TestRepository(t *testing.T) {
	found, err := find(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	byPkg := map[string][]string{}
	for _, p := range found {
		byPkg[p.Dir] = p.Tests
	}
	for pkg, tests := range map[string][]string{
		"./pyspark":              {"TestLiveStopOnSignal", "TestLiveRuleTableExplain", "TestLiveKafkaSink"},
		"./e2e":                  {"TestConformance", "TestDriverServerLost", "TestCorpusParity", "TestClusterWorkerKilled"},
		"./examples/clickstream": {"TestSparkMatchesLocal"},
		"./contracts/regex":      {"TestCorpusLive"},
		"./sparkrun/doctor":      {"TestRunLiveStack"},
	} {
		for _, test := range tests {
			if !slices.Contains(byPkg[pkg], test) {
				t.Errorf("%s: live test %s not found; found %v", pkg, test, byPkg[pkg])
			}
		}
	}
	for pkg, tests := range map[string][]string{
		"./pyspark": {"TestCaseIRs", "TestGolden", "TestQuarantineLocal"},
		"./e2e":     {"TestMain"},
	} {
		for _, test := range tests {
			if slices.Contains(byPkg[pkg], test) {
				t.Errorf("%s: offline test %s counted live", pkg, test)
			}
		}
	}
	var out bytes.Buffer
	print(&out, found, false, true)
	if run := out.String(); !strings.HasPrefix(run, "^(") || !strings.Contains(run, "|TestLiveStopOnSignal|") {
		t.Errorf("-run pattern %q", run)
	}
}
