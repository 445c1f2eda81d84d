package project

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// parse parses a project file rooted at testdata/proj and checks it
// against the disk there.
func parse(t *testing.T, src string) (*Config, []string) {
	t.Helper()
	root, _ := filepath.Abs("testdata/proj")
	c, l := ParseConfig("etlgen.yaml", root, []byte(src))
	if !l.HasErrors() {
		c.check(&l)
	}
	l.Sort()
	var got []string
	for _, d := range l {
		got = append(got, d.Pos.String()+" "+d.Code+" "+d.Message+" | "+d.Hint)
	}
	return c, got
}

func TestParseConfig(t *testing.T) {
	c, diags := parse(t, `version: 1
pipelines:
  - package: ./pipeline
    targets:
      local: profiles/local.yaml
      spark: profiles/spark.yaml
  - package: clicks
    targets: {local: profiles/local.yaml}
default_target: local
contracts: {dir: contracts, target: spark}
docs: site
state: state
`)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	want := []string{"./pipeline@local", "./pipeline@spark", "./clicks@local"}
	units, err := c.Select(Selection{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, u := range units {
		got = append(got, u.String())
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("units (-want +got):\n%s", d)
	}
	if c.Docs.Dir != "site" || c.Contracts.Target != "spark" || c.State != "state" || c.DefaultTarget != "local" {
		t.Errorf("outputs: %+v %+v %q %q", c.Docs, c.Contracts, c.State, c.DefaultTarget)
	}
}

func TestParseConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // substrings, one per diagnostic, in order
	}{
		{"syntax", "version: [1\n", []string{"etlgen.yaml:1 ETL-P380 project file: yaml: line 1"}},
		{"empty", "", []string{"ETL-P380 project file is empty"}},
		{"no version", "pipelines: [{package: ./pipeline, targets: {local: profiles/local.yaml}}]\n",
			[]string{"1:1 ETL-P380 project file: version is missing"}},
		{"bad version", "version: 2\npipelines: [{package: ./pipeline, targets: {local: profiles/local.yaml}}]\n",
			[]string{"1:10 ETL-P380 project file version \"2\" is not supported"}},
		{"unknown key with suggestion", "version: 1\npipeline: []\n",
			[]string{"2:1 ETL-P380 project file: unknown key \"pipeline\" | did you mean \"pipelines\"?"}},
		{"missing package dir", "version: 1\npipelines:\n  - package: ./pipelnie\n    targets: {local: profiles/local.yaml}\n",
			[]string{"3:5 ETL-P381 package ./pipelnie: no such directory"}},
		{"package outside", "version: 1\npipelines:\n  - package: ../other\n    targets: {local: profiles/local.yaml}\n",
			[]string{"3:14 ETL-P380 package \"../other\" is outside the project"}},
		{"missing profile", "version: 1\npipelines:\n  - package: ./pipeline\n    targets: {local: profiles/lcal.yaml}\n",
			[]string{"4:22 ETL-P382 target local of ./pipeline: profile profiles/lcal.yaml is not a file"}},
		{"no targets", "version: 1\npipelines:\n  - package: ./pipeline\n",
			[]string{"3:5 ETL-P380 pipeline entry ./pipeline has no targets"}},
		{"twice", "version: 1\npipelines:\n  - {package: ./pipeline, targets: {local: profiles/local.yaml}}\n  - {package: pipeline, targets: {spark: profiles/spark.yaml}}\n",
			[]string{"4:5 ETL-P381 package ./pipeline is listed twice"}},
		{"bad target name", "version: 1\npipelines:\n  - {package: ./pipeline, targets: {\"a b\": profiles/local.yaml}}\n",
			[]string{"ETL-P383 target name \"a b\" is not a name"}},
		{"unknown docs target", "version: 1\npipelines:\n  - {package: ./pipeline, targets: {spark: profiles/spark.yaml}}\ndocs: {dir: d, target: sprak}\n",
			[]string{"ETL-P383 docs.target: no pipeline has a target \"sprak\" | did you mean \"spark\"?"}},
		{"wrong kinds", "version: 1\npipelines: {package: x}\n",
			[]string{"2:12 ETL-P380 pipelines: want a list, got a mapping"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, got := parse(t, tc.src)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d diagnostics, want %d:\n%s", len(got), len(tc.want), strings.Join(got, "\n"))
			}
			for i, w := range tc.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("diagnostic %d = %q, want it to contain %q", i, got[i], w)
				}
			}
		})
	}
}

func TestSelect(t *testing.T) {
	c, diags := parse(t, `version: 1
pipelines:
  - {package: ./pipeline, targets: {local: profiles/local.yaml, spark: profiles/spark.yaml}}
  - {package: ./clicks, targets: {local: profiles/local.yaml}}
`)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	for _, tc := range []struct {
		name string
		sel  Selection
		want string // units joined by space, or "error: substring"
	}{
		{"all", Selection{}, "./pipeline@local ./pipeline@spark ./clicks@local"},
		{"dots", Selection{Packages: []string{"./..."}}, "./pipeline@local ./pipeline@spark ./clicks@local"},
		{"one package", Selection{Packages: []string{"./clicks"}}, "./clicks@local"},
		{"from a subdirectory", Selection{Packages: []string{"."}, Dir: "testdata/proj/clicks"}, "./clicks@local"},
		{"target", Selection{Targets: []string{"spark"}}, "./pipeline@spark"},
		{"misspelt package", Selection{Packages: []string{"./click"}}, "error: did you mean ./clicks?"},
		{"misspelt target", Selection{Targets: []string{"sparc"}}, "error: did you mean \"spark\"?"},
		{"target of no selected package", Selection{Packages: []string{"./clicks"}, Targets: []string{"spark"}}, "error: no selected package has target spark"},
		{"outside", Selection{Packages: []string{"../.."}}, "error: outside the project"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			units, err := c.Select(tc.sel)
			if w, ok := strings.CutPrefix(tc.want, "error: "); ok {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Fatalf("err = %v, want it to contain %q", err, w)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, u := range units {
				got = append(got, u.String())
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("units = %s, want %s", g, tc.want)
			}
		})
	}
}

func TestFindConfig(t *testing.T) {
	if _, ok := FindConfig("testdata/proj/clicks"); ok {
		t.Error("found a project file where there is none")
	}
}
