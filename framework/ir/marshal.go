package ir

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// Marshal renders the document as indented JSON with a trailing newline, for
// people (etlgen ir, committed test data). Contracts, transformations and
// pipelines are sorted by id and diagnostics by position and code, so the
// same document always gives the same bytes. Marshal sorts a copy's
// top-level slices; the caller's document is unchanged.
func Marshal(doc *Document) ([]byte, error) { return marshal(doc, "  ") }

// MarshalCompact renders the document like Marshal without indentation, for
// programs: indentation grows with plan depth, so a deep plan's indented
// JSON is quadratic in its size.
func MarshalCompact(doc *Document) ([]byte, error) { return marshal(doc, "") }

func marshal(doc *Document, indent string) ([]byte, error) {
	d := *doc
	d.Contracts = append(d.Contracts[:0:0], doc.Contracts...)
	d.Transformations = append(d.Transformations[:0:0], doc.Transformations...)
	d.Pipelines = append(d.Pipelines[:0:0], doc.Pipelines...)
	d.Diagnostics = append(d.Diagnostics[:0:0], doc.Diagnostics...)
	sort.SliceStable(d.Contracts, func(i, j int) bool { return d.Contracts[i].ID < d.Contracts[j].ID })
	sort.SliceStable(d.Transformations, func(i, j int) bool { return d.Transformations[i].ID < d.Transformations[j].ID })
	sort.SliceStable(d.Pipelines, func(i, j int) bool { return d.Pipelines[i].ID < d.Pipelines[j].ID })
	d.Diagnostics.Sort()
	if d.IRVersion == "" {
		d.IRVersion = Version
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if indent != "" {
		enc.SetIndent("", indent)
	}
	if err := enc.Encode(&d); err != nil {
		return nil, fmt.Errorf("marshal ir document: %w", err)
	}
	return buf.Bytes(), nil
}

// Unmarshal parses a document written by Marshal and checks its version.
func Unmarshal(data []byte) (*Document, error) {
	var d Document
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, fmt.Errorf("unmarshal ir document: %w", err)
	}
	if d.IRVersion != Version {
		return nil, fmt.Errorf("unmarshal ir document: version %q, want %q", d.IRVersion, Version)
	}
	return &d, nil
}

// Relativize rewrites every position under base to a slash-separated path
// relative to base, so documents compare equal across machines. Positions
// outside base are left as they are.
func (d *Document) Relativize(base string) {
	d.walkPositions(func(p *diag.Position) {
		if p.File == "" || !filepath.IsAbs(p.File) {
			return
		}
		rel, err := filepath.Rel(base, p.File)
		if err != nil || strings.HasPrefix(rel, "..") {
			return
		}
		p.File = filepath.ToSlash(rel)
	})
}

// walkPositions calls f on every position the document holds.
func (d *Document) walkPositions(f func(*diag.Position)) {
	for i := range d.Transformations {
		t := &d.Transformations[i]
		f(&t.Pos)
		t.Plan.walkPositions(f)
	}
	for i := range d.Pipelines {
		p := &d.Pipelines[i]
		f(&p.Pos)
		for j := range p.Extracts {
			f(&p.Extracts[j].Pos)
		}
		for j := range p.Steps {
			f(&p.Steps[j].Pos)
			p.Steps[j].Plan.walkPositions(f)
		}
		for j := range p.Loads {
			f(&p.Loads[j].Pos)
		}
		for j := range p.Gates {
			f(&p.Gates[j].Pos)
		}
		for j := range p.Expectations {
			f(&p.Expectations[j].Pos)
		}
	}
	for i := range d.Diagnostics {
		f(&d.Diagnostics[i].Pos)
	}
}

// walkPositions calls f on the position of n and of every node below it.
func (n *Node) walkPositions(f func(*diag.Position)) {
	if n == nil {
		return
	}
	f(&n.Pos)
	for _, in := range n.Inputs {
		in.walkPositions(f)
	}
}
