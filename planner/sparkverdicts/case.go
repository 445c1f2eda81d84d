package sparkverdicts

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/etlgen/etlgen/framework/profile"
)

// The files of a case directory.
const (
	FileIR         = "ir.json"
	FileProfile    = "profile.yaml"
	FileEquivalent = "equivalent.yaml" // the valid profile of an equivalent query (optional)
	FileCase       = "case.json"
	FileSpark      = "spark.json" // Spark 4.1's verdict (profile.DefaultSparkLine)
)

// SparkFile is the file of Spark's verdict on a line: spark.json for
// profile.DefaultSparkLine, spark-<line>.json for another (spark-4.2.json).
func SparkFile(line string) string {
	if line == profile.DefaultSparkLine {
		return FileSpark
	}
	return "spark-" + line + ".json"
}

// Case is one case of the corpus: the contents of case.json and, when
// recorded, spark.json.
type Case struct {
	// Name is the directory's name.
	Name string `json:"-"`
	// Dir is the case's directory.
	Dir string `json:"-"`
	// About says what the case checks, in one line.
	About string `json:"about"`
	// Rule says where Spark defines the behaviour: a source file and
	// check, a test suite, the programming guide.
	Rule string `json:"rule"`
	// Etlgen is the planner's verdict (on every line unless EtlgenLines
	// says otherwise).
	Etlgen Etlgen `json:"etlgen"`
	// EtlgenLines is the planner's verdict on a Spark line where it is
	// not Etlgen (a rule keyed by the line), by line.
	EtlgenLines map[string]Etlgen `json:"etlgen_lines,omitempty"`
	// Deliberate says why etlgen disagrees with Spark on purpose.
	Deliberate string `json:"deliberate,omitempty"`
	// Pending names the planner change (an item of issue 12) after which
	// etlgen agrees with Spark; Etlgen is the verdict expected then.
	Pending string `json:"pending,omitempty"`
	// RowsVary marks a case whose row counts depend on timing: the live
	// test records them but does not compare them.
	RowsVary bool `json:"rows_vary,omitempty"`
	// Equivalent is set when the profile itself is rejected: the Spark
	// query is built from equivalent.yaml with these additions.
	Equivalent *Equivalent `json:"equivalent,omitempty"`
	// Spark is the recorded Spark verdict by line (profile.SparkLines);
	// a line is absent until recorded.
	Spark map[string]*Spark `json:"-"`
}

// EtlgenOn is the planner's verdict on a Spark line.
func (c Case) EtlgenOn(line string) Etlgen {
	if e, ok := c.EtlgenLines[line]; ok {
		return e
	}
	return c.Etlgen
}

// Etlgen is the planner's verdict on a case.
type Etlgen struct {
	// Errors are the error codes, sorted, each once: empty when etlgen
	// accepts the pipeline; [AnyError] when a pending change will reject it
	// with a code not decided yet.
	Errors []string `json:"errors"`
	// Warnings are the warning and note codes, sorted, each once; null
	// means not checked (a pending case: the planner change decides them).
	Warnings []string `json:"warnings"`
}

// Accepted reports whether etlgen accepts the pipeline.
func (e Etlgen) Accepted() bool { return len(e.Errors) == 0 }

// Equivalent is what the Spark query of a case adds to the valid profile
// equivalent.yaml: the options etlgen refused and the trigger.
type Equivalent struct {
	// Options are Spark reader options by source asset, set on top of the
	// binding's own.
	Options map[string]map[string]string `json:"options,omitempty"`
	// Trigger is the Spark trigger, "processingTime=<interval>",
	// "availableNow" or "once"; empty: the profile's.
	Trigger string `json:"trigger,omitempty"`
	// Modes are output modes by query, for modes the sink's plugin cannot
	// even be asked for.
	Modes map[string]string `json:"modes,omitempty"`
}

// Load reads every case under root, sorted by name.
func Load(root string) ([]Case, error) {
	files, err := filepath.Glob(filepath.Join(root, "*", FileCase))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	out := make([]Case, 0, len(files))
	for _, f := range files {
		c, err := LoadCase(filepath.Dir(f))
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// LoadCase reads the case in dir.
func LoadCase(dir string) (Case, error) {
	c := Case{Name: filepath.Base(dir), Dir: dir}
	if err := readJSON(filepath.Join(dir, FileCase), &c); err != nil {
		return c, err
	}
	c.Spark = map[string]*Spark{}
	for _, line := range profile.SparkLines {
		var s Spark
		switch err := readJSON(filepath.Join(dir, SparkFile(line)), &s); {
		case err == nil:
			c.Spark[line] = &s
		case !errors.Is(err, fs.ErrNotExist):
			return c, err
		}
	}
	return c, nil
}

// Read returns one of the case's files.
func (c Case) Read(name string) ([]byte, error) { return os.ReadFile(filepath.Join(c.Dir, name)) }

// Write writes the case's case.json.
func (c Case) Write() error { return writeJSON(filepath.Join(c.Dir, FileCase), c) }

// WriteSpark records Spark's verdict on a line in the case's SparkFile.
func (c Case) WriteSpark(line string, s Spark) error {
	return writeJSON(filepath.Join(c.Dir, SparkFile(line)), s)
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	return nil
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
