package promise

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/e2e/semijoin"
	"github.com/etlgen/etlgen/examples/clickstream"
	customercdf "github.com/etlgen/etlgen/examples/customer-cdf"
	orderpayments "github.com/etlgen/etlgen/examples/order-payments"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// root is the module root, from this package's directory.
const root = "../.."

// document is one pipeline IR document the repository knows.
type document struct {
	name string
	doc  *ir.Document
}

// boundProfile is one profile: committed (parsed under a fresh scratch
// directory for every pairing, so relative paths never touch the
// repository and no two pairings share a checkpoint) or synthesized.
type boundProfile struct {
	name string
	data []byte
	prof *profile.Profile // synthesized: parsed once, in its own directory
}

// parse returns the profile for one pairing.
func (bp boundProfile) parse(dirs *scratch) *profile.Profile {
	if bp.prof != nil {
		return bp.prof
	}
	// Nested, so that a relative path such as ../out stays inside the
	// pairing's own directory.
	p, _ := profile.Parse(filepath.Join(dirs.next(), "a", "b", "profile.yaml"), bp.data)
	return p
}

// scratch hands out distinct directory paths under one temporary
// directory without creating them: parsing a profile needs only its path,
// and an engine that writes creates what it writes under it. The walk has
// tens of thousands of pairings; a t.TempDir each cost a mkdir and a
// removal each, a quarter of the test's CPU.
type scratch struct {
	base string
	n    int
}

// newScratch returns a scratch under a fresh t.TempDir.
func newScratch(t *testing.T) *scratch { return &scratch{base: t.TempDir()} }

// next returns a path no earlier call returned.
func (s *scratch) next() string {
	s.n++
	return filepath.Join(s.base, strconv.Itoa(s.n))
}

// TestValidateMeansRuns walks every pipeline the repository knows — the
// committed IR documents (planner corpus, generator, PySpark and CLI golden
// cases) and the Go pipeline packages (examples, e2e) — and binds each to
// every committed profile and to profiles synthesized from each plugin that
// can play each of its assets' roles on each engine. Wherever the planner
// reports no error, the profile's engine must take the plan: the PySpark
// generator writes programs that compile as Python, and the local engine
// opens every pipeline. A refusal there is a capability the planner does not
// know yet: make it a planner rule (or implement it in the engine).
func TestValidateMeansRuns(t *testing.T) {
	docs := documents(t)
	profiles := committedProfiles(t)
	dirs := newScratch(t)
	var spark, local, rejected int
	programs := &programSet{seen: map[[sha256.Size]byte]bool{}}
	progDir := t.TempDir()
	check := func(name string, d document, bp boundProfile) {
		m, l := planner.Plan(d.doc, bp.parse(dirs), planner.Options{})
		if l.HasErrors() {
			rejected++
			return
		}
		switch m.Engine {
		case profile.EnginePySpark:
			spark++
			files, err := pyspark.Generate(m)
			if err != nil {
				t.Errorf("%s: validate is clean but compile fails: %v", name, err)
				return
			}
			programs.write(t, filepath.Join(progDir, fmt.Sprint(spark)), files)
		case profile.EngineLocal:
			local++
			for _, pp := range m.Pipelines {
				eng, err := localengine.Open(m, pp.ID, &localengine.Env{})
				if err != nil {
					t.Errorf("%s: validate is clean but the local engine does not open pipeline %s: %v", name, pp.ID, err)
					continue
				}
				eng.Close()
			}
		}
	}
	for _, d := range docs {
		for _, bp := range profiles {
			check(d.name+" × "+bp.name, d, bp)
		}
		for _, bp := range synthesized(t, dirs, d.doc) {
			check(d.name+" × "+bp.name, d, bp)
		}
	}
	t.Logf("%d documents; validate clean: %d on pyspark (%d distinct program files), %d on local; %d pairings rejected by validate",
		len(docs), spark, len(programs.paths), local, rejected)
	// The walk must reach real cases, or a planner that rejects everything
	// would pass it.
	if spark < 100 || local < 100 {
		t.Errorf("only %d pyspark and %d local pairings validate clean: the walk lost its cases", spark, local)
	}
	pyCompile(t, programs.paths)
}

// documents are the IR documents: every committed one, and those of the
// example and e2e pipeline packages.
func documents(t *testing.T) []document {
	t.Helper()
	var out []document
	err := filepath.WalkDir(root, func(path string, de fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // a temporary directory another package's test removed during the walk
		}
		if err != nil {
			return err
		}
		if de.IsDir() && (de.Name() == ".cache" || de.Name() == ".stack" || de.Name() == ".git") {
			return filepath.SkipDir
		}
		if de.IsDir() || !(de.Name() == "ir.json" || strings.HasSuffix(de.Name(), ".ir.json")) {
			return nil
		}
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		doc, err := ir.Unmarshal(data)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		rel, _ := filepath.Rel(root, path)
		out = append(out, document{name: rel, doc: doc})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]*etl.Pipeline{
		"examples/order-streaming": orderstreaming.Pipeline, "examples/customer-cdf": customercdf.Pipeline,
		"examples/order-payments": orderpayments.Pipeline, "examples/clickstream": clickstream.Pipeline, "e2e/semijoin": semijoin.Pipeline,
		"e2e/semijoin (right watermark)": semijoin.PipelineRightWatermark,
	} {
		out = append(out, document{name: name, doc: etl.DocumentOf(p)})
	}
	slices.SortFunc(out, func(a, b document) int { return strings.Compare(a.name, b.name) })
	if len(out) < 60 {
		t.Fatalf("found %d IR documents; the walk is broken", len(out))
	}
	return out
}

// committedProfiles parses every profile YAML of the repository's test
// data and examples, each as if it lived in a fresh temporary directory.
func committedProfiles(t *testing.T) []boundProfile {
	t.Helper()
	var out []boundProfile
	for _, glob := range []string{"planner/testdata/corpus/*/profile.yaml", "planner/testdata/dslcase/profile.yaml",
		"gen/testdata/*/profile.yaml", "pyspark/testdata/*/profile.yaml", "internal/cli/testdata/cli/*/profile.yaml",
		"examples/*/profiles/*.yaml", "sparkrun/doctor/testdata/*.yaml", "framework/profile/testdata/broken/*.yaml"} {
		files, _ := filepath.Glob(filepath.Join(root, glob))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			p, l := profile.Parse(filepath.Join(t.TempDir(), "a", "b", "profile.yaml"), data)
			if p == nil || l.HasErrors() {
				continue
			}
			rel, _ := filepath.Rel(root, f)
			out = append(out, boundProfile{name: rel, data: data})
		}
	}
	if len(out) < 50 {
		t.Fatalf("found %d valid profiles; the walk is broken", len(out))
	}
	return out
}

// programSet collects the generated program files to byte-compile, each
// distinct content once: many pairings generate the same file (a profile
// that changes only what the program reads at run time), and the same
// bytes compile the same way.
type programSet struct {
	seen  map[[sha256.Size]byte]bool
	paths []string
}

// write writes the files of one generated program not seen before under
// dir: the runtime package, the same embedded files for every model, is
// compiled and tested on its own (pyspark golden tests, make pytest).
func (s *programSet) write(t *testing.T, dir string, files []pyspark.File) {
	t.Helper()
	files = slices.DeleteFunc(files, func(f pyspark.File) bool {
		sum := sha256.Sum256(f.Data)
		if pyspark.IsRuntimeFile(f.Path) || s.seen[sum] {
			return true
		}
		s.seen[sum] = true
		return false
	})
	if len(files) == 0 {
		return
	}
	if err := pyspark.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		s.paths = append(s.paths, filepath.Join(dir, f.Path))
	}
}

// pyCompile byte-compiles every program in one Python process: a program
// that is not valid Python fails here, not on the Spark server.
func pyCompile(t *testing.T, programs []string) {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the programs are generated but not compiled")
	}
	var stderr bytes.Buffer
	cmd := exec.Command(py, append([]string{"-m", "py_compile"}, programs...)...)
	cmd.Stderr = &stderr
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1", "PYTHONPYCACHEPREFIX="+t.TempDir())
	if err := cmd.Run(); err != nil {
		t.Errorf("py_compile of %d generated programs: %v\n%s", len(programs), err, stderr.String())
	}
}
