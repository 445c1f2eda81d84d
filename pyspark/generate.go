package pyspark

import (
	"bytes"
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"

	"github.com/etlgen/etlgen/planner"
)

//go:embed templates/*.tmpl
var templateFS embed.FS

//go:embed runtime/etlgen_runtime/*.py
var runtimeFS embed.FS

// RuntimePackage is the name of the runtime package written next to
// programs: a directory of Python modules the programs import, shipped as
// it is (only the standard library and pyspark besides).
const RuntimePackage = "etlgen_runtime"

// IsRuntimeFile reports whether path (relative to the output directory)
// is a file of the runtime package.
func IsRuntimeFile(path string) bool {
	return strings.HasPrefix(filepath.ToSlash(path), RuntimePackage+"/")
}

// runtimeFiles returns the runtime package's modules, by name: the files
// Generate writes under RuntimePackage, the core's and the registered
// plugins' (pluginRuntimeFiles).
func runtimeFiles() []File {
	entries, err := runtimeFS.ReadDir("runtime/" + RuntimePackage)
	if err != nil {
		panic(fmt.Sprintf("read embedded runtime: %v", err)) // embedded at build time
	}
	out := make([]File, 0, len(entries))
	for _, e := range entries {
		data, err := runtimeFS.ReadFile("runtime/" + RuntimePackage + "/" + e.Name())
		if err != nil {
			panic(fmt.Sprintf("read embedded runtime: %v", err))
		}
		out = append(out, File{Path: RuntimePackage + "/" + e.Name(), Data: data})
	}
	out = append(out, pluginRuntimeFiles()...)
	slices.SortFunc(out, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// File is one generated file: a path relative to the output directory and
// its bytes.
type File struct {
	Path string
	Data []byte
}

// templateFuncs are the program template's functions: join, and the
// quoting of plain text it places in docstrings (doc) and comments
// (comment).
var templateFuncs = template.FuncMap{"join": strings.Join, "doc": PyDoc, "comment": PyComment}

var programTmpl = template.Must(template.New("program.py.tmpl").Funcs(templateFuncs).ParseFS(templateFS, "templates/program.py.tmpl"))

// Generate returns the PySpark program of every pipeline of the model
// (<PyName(pipeline id)>.py) and the runtime package's modules
// (etlgen_runtime/*.py, sorted by name). It
// reads only the planned model: the IR and the bindings it carries. A model
// `etlgen validate` accepts always generates; an error means the model was
// not validated (a plugin without a Spark reader or writer, a step without
// a plan, a late output the planner would have refused).
func Generate(m *planner.Model) ([]File, error) {
	var out []File
	for i := range m.Pipelines {
		pp := &m.Pipelines[i]
		pv, err := buildProgram(m, pp)
		if err != nil {
			return nil, fmt.Errorf("generate pyspark program of pipeline %s: %w", pp.ID, err)
		}
		var b bytes.Buffer
		if err := programTmpl.Execute(&b, pv); err != nil {
			return nil, fmt.Errorf("generate pyspark program of pipeline %s: %w", pp.ID, err)
		}
		out = append(out, File{Path: ProgramName(pp.ID), Data: b.Bytes()})
	}
	out = append(out, runtimeFiles()...)
	return out, nil
}

// ProgramName is the file name of a pipeline's program.
func ProgramName(pipelineID string) string { return PyName(pipelineID) + ".py" }

// Write writes files under dir, creating it and the directories their
// paths name (the runtime package's).
func Write(dir string, files []File) error {
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("write pyspark programs: %w", err)
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			return fmt.Errorf("write pyspark programs: %w", err)
		}
	}
	return nil
}
