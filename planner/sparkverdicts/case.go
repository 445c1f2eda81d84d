package sparkverdicts

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// The files of a case directory.
const (
	FileIR         = "ir.json"
	FileProfile    = "profile.yaml"
	FileEquivalent = "equivalent.yaml" // the valid profile of an equivalent query (optional)
	FileCase       = "case.json"
	FileSpark      = "spark.json"
)

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
	// Etlgen is the planner's verdict.
	Etlgen Etlgen `json:"etlgen"`
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
	// Spark is the recorded Spark verdict; nil until recorded.
	Spark *Spark `json:"-"`
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
	var s Spark
	switch err := readJSON(filepath.Join(dir, FileSpark), &s); {
	case err == nil:
		c.Spark = &s
	case !errors.Is(err, fs.ErrNotExist):
		return c, err
	}
	return c, nil
}

// Read returns one of the case's files.
func (c Case) Read(name string) ([]byte, error) { return os.ReadFile(filepath.Join(c.Dir, name)) }

// Write writes the case's case.json.
func (c Case) Write() error { return writeJSON(filepath.Join(c.Dir, FileCase), c) }

// WriteSpark records Spark's verdict in the case's spark.json.
func (c Case) WriteSpark(s Spark) error { return writeJSON(filepath.Join(c.Dir, FileSpark), s) }

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
