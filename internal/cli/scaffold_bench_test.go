package cli

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// scaffoldRounds is how many interleaved rounds BenchmarkScaffoldLoop
// times per iteration.
const scaffoldRounds = 5

// scaffoldProfiles are the targets of the scaffold's pipeline package.
var scaffoldProfiles = []string{"profiles/local.yaml", "profiles/spark.yaml"}

// scaffoldUnits is how many pipeline package × target units the
// repository's make validate checks: the scaffold's package and the
// clickstream example added as a user would, each on local and spark.
const scaffoldUnits = 4

// BenchmarkScaffoldLoop times the daily loop the way a repository from
// `etlgen init` runs it, with a second pipeline package of a user's own
// (the clickstream example) in its etlgen.yaml: its Makefile builds
// bin/etlgen once and validates every package × target with the binary. In interleaved rounds, each reported in ms as the
// median, min and max wall time over all rounds, and the median CPU time
// (user + system, of the command and the processes it waited for: the
// figure a loaded machine does not inflate):
//
//   - bin: bin/etlgen validate, warm (IR program and contracts check
//     cached), per pipeline × target;
//   - make: make validate (the project file's 4 units in one process) of a
//     Makefile requiring an etlgen release (bin/etlgen up to date with
//     go.mod and go.sum), per pipeline package × target;
//   - make-replace: make validate of the scaffold itself, whose go.mod
//     replaces etlgen with this checkout (make checks the checkout for
//     newer files), per pipeline package × target;
//   - gotool: go tool etlgen validate, warm, per pipeline × target (what
//     every call cost before bin/etlgen);
//   - edit-validate and edit-gobuild: after a one-line edit of the pipeline
//     package, bin/etlgen validate (IR program rebuilt, contracts checked
//     again) and, for another edit, go build of the package (the floor).
func BenchmarkScaffoldLoop(b *testing.B) {
	s := newScaffold(b)
	s.warm()
	timeRounds(b, scaffoldRounds, s.round)
}

// timeRounds runs round rounds times per iteration of the benchmark,
// numbering the rounds from 1, and reports every case they timed
// (reportSpread).
func timeRounds(b *testing.B, rounds int, round func(times map[string][]sample, n int)) map[string][]sample {
	times := map[string][]sample{}
	n := 0
	for b.Loop() {
		for range rounds {
			n++
			round(times, n)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(times)) {
		reportSpread(b, name, times[name])
	}
	return times
}

// scaffoldRepo is a repository from etlgen init, replacing etlgen with this
// checkout, with its bin/etlgen built.
type scaffoldRepo struct {
	b   *testing.B
	dir string
}

// newScaffold writes the repository, generates its helpers, builds
// bin/etlgen with its Makefile and writes release.mk, the Makefile of a
// repository requiring an etlgen release.
func newScaffold(b *testing.B) *scaffoldRepo {
	b.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		b.Skipf("the scaffold's loop runs make: %v", err)
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		b.Fatal(err)
	}
	s := &scaffoldRepo{b: b, dir: filepath.Join(b.TempDir(), "pipes")}
	if code, stdout, stderr := runCLI("init", "--module", "example.com/pipes", "--replace", absRoot, s.dir); code != ExitOK {
		b.Fatalf("etlgen init: exit %d\n%s%s", code, stdout, stderr)
	}
	release, err := renderScaffold("scaffold/Makefile.tmpl", scaffoldData{Module: "example.com/pipes"})
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.dir, "release.mk"), release, 0o644); err != nil {
		b.Fatal(err)
	}
	addClickstream(b, absRoot, s.dir)
	s.run("go", "generate", "./...")
	s.run("make", "bin/etlgen")
	return s
}

// warm fills every cache the rounds rely on.
func (s *scaffoldRepo) warm() {
	s.run("make", "validate")
	s.run("make", "-f", "release.mk", "validate")
	s.run("go", "tool", "etlgen", "validate", "./pipeline", "--profile", scaffoldProfiles[0])
}

// round times one round; the edits come first so that the warm timings
// after them see the edited package cached, as a developer's second call
// does.
func (s *scaffoldRepo) round(times map[string][]sample, n int) {
	edit := filepath.Join(s.dir, "pipeline", "edit.go")
	editPackage(s.b, edit, "pipeline", 2*n)
	times["edit-gobuild"] = append(times["edit-gobuild"], s.run("go", "build", "./pipeline"))
	editPackage(s.b, edit, "pipeline", 2*n+1)
	times["edit-validate"] = append(times["edit-validate"], s.validate("bin/etlgen", scaffoldProfiles[0]))
	for _, p := range scaffoldProfiles {
		times["bin"] = append(times["bin"], s.validate("bin/etlgen", p))
	}
	per := scaffoldUnits
	times["make"] = append(times["make"], s.run("make", "-s", "-f", "release.mk", "validate").per(per))
	times["make-replace"] = append(times["make-replace"], s.run("make", "-s", "validate").per(per))
	for _, p := range scaffoldProfiles {
		times["gotool"] = append(times["gotool"], s.validate("go", p))
	}
}

// validate times one validate of the pipeline against a profile, with the
// binary ("bin/etlgen") or through the go command ("go").
func (s *scaffoldRepo) validate(via, profile string) sample {
	args := []string{"validate", "./pipeline", "--profile", profile}
	if via == "go" {
		return s.run("go", append([]string{"tool", "etlgen"}, args...)...)
	}
	return s.run(via, args...)
}

// sample is the time one command took.
type sample struct {
	wall, cpu time.Duration
}

// per divides a sample among n pipeline × target pairs.
func (t sample) per(n int) sample {
	return sample{t.wall / time.Duration(n), t.cpu / time.Duration(n)}
}

// run runs a command in the repository, fails on an error and returns its
// times.
func (s *scaffoldRepo) run(name string, args ...string) sample {
	s.b.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = s.dir
	start := time.Now()
	out, err := cmd.CombinedOutput()
	wall := time.Since(start)
	if err != nil {
		s.b.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return sample{wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
}

// reportSpread reports the median, min and max wall time of samples and
// their median CPU time, in ms.
func reportSpread(b *testing.B, name string, samples []sample) {
	b.Helper()
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	wall := sortedTimes(samples, func(t sample) time.Duration { return t.wall })
	cpu := sortedTimes(samples, func(t sample) time.Duration { return t.cpu })
	b.ReportMetric(ms(wall[len(wall)/2]), "ms-"+name+"-median")
	b.ReportMetric(ms(wall[0]), "ms-"+name+"-min")
	b.ReportMetric(ms(wall[len(wall)-1]), "ms-"+name+"-max")
	b.ReportMetric(ms(cpu[len(cpu)/2]), "ms-"+name+"-cpu-median")
	b.ReportMetric(ms(cpu[0]), "ms-"+name+"-cpu-min")
	b.ReportMetric(ms(cpu[len(cpu)-1]), "ms-"+name+"-cpu-max")
}

// sortedTimes returns one time of each sample, sorted.
func sortedTimes(samples []sample, of func(sample) time.Duration) []time.Duration {
	ds := make([]time.Duration, len(samples))
	for i, t := range samples {
		ds[i] = of(t)
	}
	slices.Sort(ds)
	return ds
}

// editPackage rewrites a file of the package named pkg with a declaration
// that changes its object code.
func editPackage(b *testing.B, file, pkg string, n int) {
	b.Helper()
	src := fmt.Appendf(nil, "package %s\n\nvar edit = %d\n", pkg, n)
	if err := os.WriteFile(file, src, 0o644); err != nil {
		b.Fatal(err)
	}
}
