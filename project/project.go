package project

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// Options say what to load and how to plan it.
type Options struct {
	// Dir is the directory Package is resolved and built in (the module it
	// belongs to); "" means the working directory.
	Dir string
	// Package is the Go package (a pattern naming one package, relative to
	// Dir) whose pipelines are loaded; ignored when IRFile is set.
	Package string
	// IRFile reads the IR from this JSON file (etlgen ir output) instead of
	// building Package.
	IRFile string
	// Profile is the profile YAML file; "" plans unbound (definition and
	// streaming rules only). Diagnostics name it as given.
	Profile string
	// Pipelines restricts planning to these pipeline ids (planner.Options).
	Pipelines []string
	// OutputModes forces query output modes by query name (planner.Options).
	OutputModes map[string]string
	// Positions says how the source positions of a built package are
	// written: PositionsModule (default) relative to the module root, as
	// generated files and goldens want them; PositionsAbsolute as the
	// loader reports them, for commands that print diagnostics relative to
	// the working directory.
	Positions Positions
}

// Positions is how source positions of a built package are written.
type Positions int

// The position styles.
const (
	PositionsModule Positions = iota
	PositionsAbsolute
)

// Result is a loaded, bound and planned project.
type Result struct {
	// Model is the plan; read it, never plan again. Not to be executed
	// when Diagnostics has errors.
	Model *planner.Model
	// Profile is the parsed profile; nil when unbound or not YAML.
	Profile *profile.Profile
	// Diagnostics are the profile's and the planner's, sorted.
	Diagnostics diag.List
}

// Load loads the IR and the profile named by o and plans them. Problems in
// the pipeline or the profile are diagnostics in the result; an error means
// nothing could be planned (unreadable files, a package that does not
// build, a malformed IR file).
func Load(ctx context.Context, o Options) (*Result, error) {
	doc, err := LoadIR(ctx, o)
	if err != nil {
		return nil, err
	}
	res, err := Plan(doc, o)
	if err != nil {
		return nil, err
	}
	if len(doc.Pipelines) == 0 {
		res.Diagnostics = append(res.Diagnostics, noPipelines(o, doc))
		res.Diagnostics.Sort()
	}
	return res, nil
}

// noPipelines is the ETL-D216 error of a package or IR file that declares
// no pipeline, at its directory or file.
func noPipelines(o Options, doc *ir.Document) diag.Diagnostic {
	where, file := "package "+doc.Package, o.IRFile
	if o.IRFile != "" {
		where = "IR file " + o.IRFile
	} else if filepath.IsAbs(o.Package) || strings.HasPrefix(o.Package, ".") {
		file = filepath.Join(o.Dir, o.Package)
	}
	return diag.Diagnostic{Code: CodeNoPipelines, Severity: diag.Error, Pos: diag.Position{File: file},
		Message: where + " declares no pipeline: there is nothing to plan",
		Hint:    "name the package that declares the pipelines (etl.NewPipeline), e.g. ./pipelines"}
}

// Plan binds doc to o.Profile and plans it.
func Plan(doc *ir.Document, o Options) (*Result, error) {
	res := &Result{}
	if o.Profile != "" {
		p, l, err := profile.Load(o.Profile)
		if err != nil {
			return nil, fileFailure(CodeProfileUnreadable, o.Profile, "the profile cannot be read", missingFileHint(o.Profile, "profile YAML file"), err)
		}
		res.Profile, res.Diagnostics = p, l
	}
	wd, _ := os.Getwd() // "" compares relative paths with relative ones only
	m, l := planner.Plan(doc, res.Profile, planner.Options{Pipelines: o.Pipelines, OutputModes: o.OutputModes, WorkDir: wd})
	res.Model, res.Diagnostics = m, append(res.Diagnostics, l...).Dedupe()
	res.Diagnostics.Sort()
	return res, nil
}

// LoadIR reads the IR file, or builds the IR of the package.
func LoadIR(ctx context.Context, o Options) (*ir.Document, error) {
	if o.IRFile != "" {
		data, err := os.ReadFile(o.IRFile)
		if err != nil {
			return nil, fileFailure(CodeIRUnreadable, o.IRFile, "the IR file cannot be read", missingFileHint(o.IRFile, "IR file"), err)
		}
		doc, err := ir.Unmarshal(data)
		if err != nil {
			return nil, fileFailure(CodeBadIR, o.IRFile, "not an etlgen IR document", "write it with `etlgen ir PKG > FILE` of this etlgen version", err)
		}
		return doc, nil
	}
	if o.Package == "" {
		return nil, fileFailure(CodeNoPipelines, "", "no package named", "name one package (PKG) or pass --ir FILE", errors.New("Options.Package is empty"))
	}
	dir := o.Dir
	if dir == "" {
		dir = "."
	}
	doc, err := irload.Load(ctx, dir, o.Package)
	if err != nil {
		return nil, AsError(err)
	}
	if o.Positions == PositionsModule {
		if root, err := ModuleRoot(dir); err == nil {
			doc.Relativize(root)
		}
	}
	return doc, nil
}

// MergeIR joins the IR documents of several packages: contracts and
// transformations once each (by id), every pipeline (sorted by id), every
// diagnostic.
func MergeIR(docs []*ir.Document) *ir.Document {
	if len(docs) == 1 {
		return docs[0]
	}
	out := &ir.Document{IRVersion: ir.Version}
	seenC, seenT := map[string]bool{}, map[string]bool{}
	for _, d := range docs {
		for _, c := range d.Contracts {
			if !seenC[c.ID] {
				seenC[c.ID] = true
				out.Contracts = append(out.Contracts, c)
			}
		}
		for _, t := range d.Transformations {
			if !seenT[t.ID] {
				seenT[t.ID] = true
				out.Transformations = append(out.Transformations, t)
			}
		}
		out.Pipelines = append(out.Pipelines, d.Pipelines...)
		out.Diagnostics = append(out.Diagnostics, d.Diagnostics...)
	}
	sort.SliceStable(out.Pipelines, func(i, j int) bool { return out.Pipelines[i].ID < out.Pipelines[j].ID })
	out.Diagnostics.Sort()
	return out
}

// ModuleRoot returns the directory of the go.mod at or above dir.
func ModuleRoot(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("find module root: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("find module root: no go.mod above %s", dir)
		}
		d = parent
	}
}
