package gen

import (
	"sort"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
)

// View says whose expectations a drift report protects; it decides which
// changes are breaking (docs/contract-drift.md).
type View string

// The views.
const (
	// ViewConsumer: breaking when data valid under the new contract may be
	// invalid under the published one (a promise to readers is weakened).
	ViewConsumer View = "consumer"
	// ViewProducer: breaking when data valid under the published contract may
	// be rejected by the new one (existing writers start failing).
	ViewProducer View = "producer"
	// ViewFull: breaking for either.
	ViewFull View = "full"
)

// ParseView parses a view name.
func ParseView(s string) (View, bool) {
	switch v := View(s); v {
	case ViewConsumer, ViewProducer, ViewFull:
		return v, true
	}
	return "", false
}

// ChangeKind is the kind of one contract change.
type ChangeKind string

// The change kinds; each has a stable diagnostic code (see changeCodes).
const (
	ContractRemoved     ChangeKind = "contract-removed"
	ContractAdded       ChangeKind = "contract-added"
	FieldRemoved        ChangeKind = "field-removed"
	FieldAdded          ChangeKind = "field-added"
	FieldRenamed        ChangeKind = "field-renamed"
	TypeChanged         ChangeKind = "type-changed"
	ConstraintTightened ChangeKind = "constraint-tightened"
	ConstraintLoosened  ChangeKind = "constraint-loosened"
	ConstraintChanged   ChangeKind = "constraint-changed"
	PrimaryKeyChanged   ChangeKind = "primary-key-changed"
	EventTimeChanged    ChangeKind = "event-time-changed"
)

// Diagnostic codes of drift and generator problems (docs/diagnostics.md, G8xx).
const (
	CodeContractRemoved     = "ETL-G801"
	CodeContractAdded       = "ETL-G802"
	CodeFieldRemoved        = "ETL-G803"
	CodeFieldAdded          = "ETL-G804"
	CodeFieldRenamed        = "ETL-G805"
	CodeTypeChanged         = "ETL-G806"
	CodeConstraintTightened = "ETL-G807"
	CodeConstraintLoosened  = "ETL-G808"
	CodeConstraintChanged   = "ETL-G809"
	CodePrimaryKeyChanged   = "ETL-G810"
	CodeEventTimeChanged    = "ETL-G811"
	CodeBadPublishedFile    = "ETL-G812"
	CodeStaleGeneratedFile  = "ETL-G813"
)

// changeCodes maps change kinds to their codes.
var changeCodes = map[ChangeKind]string{
	ContractRemoved: CodeContractRemoved, ContractAdded: CodeContractAdded,
	FieldRemoved: CodeFieldRemoved, FieldAdded: CodeFieldAdded, FieldRenamed: CodeFieldRenamed,
	TypeChanged: CodeTypeChanged, ConstraintTightened: CodeConstraintTightened,
	ConstraintLoosened: CodeConstraintLoosened, ConstraintChanged: CodeConstraintChanged,
	PrimaryKeyChanged: CodePrimaryKeyChanged, EventTimeChanged: CodeEventTimeChanged,
}

// Change is one difference between a published contract and the Go source.
type Change struct {
	Contract string     `json:"contract"`
	Field    string     `json:"field,omitempty"` // dotted path; empty for the contract itself
	Kind     ChangeKind `json:"kind"`
	Code     string     `json:"code"`
	// Detail says what changed, e.g. "minimum 0 → 1".
	Detail          string `json:"detail"`
	BreaksConsumers bool   `json:"breaksConsumers"`
	BreaksProducers bool   `json:"breaksProducers"`
	// Acknowledged means the contract's major version was raised, which
	// declares its breaking changes intended.
	Acknowledged bool `json:"acknowledged,omitempty"`
	// Breaking is the verdict under the report's view: a change that breaks
	// the view's party and is not acknowledged.
	Breaking bool          `json:"breaking"`
	Pos      diag.Position `json:"position"`
}

// DriftReport lists every change, sorted by contract, field and kind.
type DriftReport struct {
	View    View     `json:"view"`
	Changes []Change `json:"changes"`
}

// Breaking reports whether any change is breaking under the report's view.
func (r *DriftReport) Breaking() bool {
	for _, c := range r.Changes {
		if c.Breaking {
			return true
		}
	}
	return false
}

// Diagnostics renders the changes: breaking ones as errors, the others as
// notes.
func (r *DriftReport) Diagnostics() diag.List {
	var l diag.List
	for _, c := range r.Changes {
		sev, hint := diag.Note, ""
		if c.Breaking {
			sev, hint = diag.Error, breakingHint(c)
		}
		path := c.Contract
		if c.Field != "" {
			path += "." + c.Field
		}
		l.Add(diag.Diagnostic{Code: c.Code, Severity: sev, Pos: c.Pos, Path: path, Message: string(c.Kind) + ": " + c.Detail, Hint: hint})
	}
	return l
}

// breakingHint says how to resolve a breaking change.
func breakingHint(c Change) string {
	if c.Kind == ContractRemoved {
		return "restore the contract, or delete its published file once no one reads or writes it"
	}
	return "revert the change, or agree it with the contract's users and raise the major " +
		"version in the +etl:contract marker (e.g. version=2.0.0)"
}

// Published is an ODCS document read from disk.
type Published struct {
	Path string
	Doc  ODCSDoc
}

// Drift compares the published contracts with the contracts loaded from Go
// source and classifies every change under view.
func Drift(published []Published, current []contracts.Contract, view View) *DriftReport {
	r := &DriftReport{View: view, Changes: []Change{}}
	cur := map[string]contracts.Contract{}
	for _, c := range current {
		cur[c.ID] = c
	}
	seen := map[string]bool{}
	for _, p := range published {
		seen[p.Doc.ID] = true
		c, ok := cur[p.Doc.ID]
		if !ok {
			r.add(Change{Contract: p.Doc.ID, Kind: ContractRemoved, Detail: "contract is no longer declared in Go", BreaksConsumers: true, Pos: diag.Position{File: p.Path}})
			continue
		}
		d := &differ{report: r, contract: c.ID, pos: fieldPositions(c), file: p.Path, acknowledged: majorOf(c.Version) > majorOf(p.Doc.Version)}
		d.contractDiff(p.Doc, ODCSOf(c), c.Pos)
	}
	for _, c := range current {
		if !seen[c.ID] {
			r.add(Change{Contract: c.ID, Kind: ContractAdded, Detail: "contract is not published yet", Pos: c.Pos})
		}
	}
	r.finish()
	return r
}

// add records a change; its code and verdict are filled in by finish.
func (r *DriftReport) add(c Change) { r.Changes = append(r.Changes, c) }

// finish sets codes and verdicts and sorts the changes.
func (r *DriftReport) finish() {
	for i := range r.Changes {
		c := &r.Changes[i]
		c.Code = changeCodes[c.Kind]
		switch r.View {
		case ViewProducer:
			c.Breaking = c.BreaksProducers
		case ViewFull:
			c.Breaking = c.BreaksProducers || c.BreaksConsumers
		default:
			c.Breaking = c.BreaksConsumers
		}
		c.Breaking = c.Breaking && !c.Acknowledged
	}
	sort.SliceStable(r.Changes, func(i, j int) bool {
		a, b := r.Changes[i], r.Changes[j]
		if a.Contract != b.Contract {
			return a.Contract < b.Contract
		}
		if a.Field != b.Field {
			return a.Field < b.Field
		}
		return a.Code < b.Code
	})
}

// majorOf returns the major number of a MAJOR.MINOR.PATCH version, -1 when
// it has none.
func majorOf(v string) int {
	head, _, _ := strings.Cut(v, ".")
	n, err := strconv.Atoi(head)
	if err != nil {
		return -1
	}
	return n
}

// fieldPositions maps dotted field paths of c to their Go positions.
func fieldPositions(c contracts.Contract) map[string]diag.Position {
	out := map[string]diag.Position{}
	var walk func(prefix string, fs []contracts.Field)
	walk = func(prefix string, fs []contracts.Field) {
		for _, f := range fs {
			out[prefix+f.Name] = f.Pos
			t := f.Type
			suffix := "."
			for t.Kind == contracts.KindArray && t.Elem != nil {
				t, suffix = *t.Elem, "[]"+suffix
			}
			walk(prefix+f.Name+suffix, t.Fields)
		}
	}
	walk("", c.Fields)
	return out
}
