package sparkverdicts

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// Judge checks a pipeline document bound to a profile the way `etlgen
// validate` does — the profile's own checks, then planner.Plan — with the
// profile targeting Spark line (OnLine), and returns etlgen's verdict, the
// model (never to be run when the verdict has errors) and every diagnostic.
func Judge(doc *ir.Document, profileYAML []byte, line string) (Etlgen, *planner.Model, diag.List) {
	prof, diags := profile.Parse(FileProfile, OnLine(profileYAML, line))
	m, pd := planner.Plan(doc, prof, planner.Options{})
	diags = append(diags, pd...)
	return verdictOf(diags), m, diags
}

// EquivalentModel plans doc bound to a profile etlgen may reject, keeping
// an asset with an error bound as far as it decoded
// (profile.Registry.ParseKeepingBroken), so that the equivalent query of
// a rejected case reads and writes what its profile names: the model
// Spark's verdict is measured on, never etlgen's verdict (Judge).
func EquivalentModel(doc *ir.Document, profileYAML []byte, line string) *planner.Model {
	prof, _ := profile.Default().ParseKeepingBroken(FileProfile, OnLine(profileYAML, line))
	m, _ := planner.Plan(doc, prof, planner.Options{})
	return m
}

// OnLine makes a corpus profile (corpusgen writes its spark resource as
// one flow mapping, `spark: {connect_url: …}`) target Spark line; the
// profile of the default line is returned unchanged.
func OnLine(profileYAML []byte, line string) []byte {
	if line == profile.DefaultSparkLine {
		return profileYAML
	}
	return bytes.Replace(profileYAML, []byte("\n  spark: {"), []byte("\n  spark: {spark_version: \""+line+"\", "), 1)
}

// JudgeCase reads a case's document and profile and judges them on a
// Spark line.
func JudgeCase(c Case, line string) (Etlgen, *planner.Model, diag.List, error) {
	doc, err := c.Document()
	if err != nil {
		return Etlgen{}, nil, nil, err
	}
	prof, err := c.Read(FileProfile)
	if err != nil {
		return Etlgen{}, nil, nil, err
	}
	v, m, diags := Judge(doc, prof, line)
	return v, m, diags, nil
}

// Document reads the case's IR document.
func (c Case) Document() (*ir.Document, error) {
	data, err := c.Read(FileIR)
	if err != nil {
		return nil, err
	}
	doc, err := ir.Unmarshal(data)
	if err != nil {
		return nil, fmt.Errorf("case %s: %w", c.Name, err)
	}
	return doc, nil
}

// verdictOf sorts the codes of diags into errors and the rest.
func verdictOf(diags diag.List) Etlgen {
	v := Etlgen{Errors: []string{}, Warnings: []string{}}
	for _, d := range diags {
		if d.Severity == diag.Error {
			v.Errors = append(v.Errors, d.Code)
		} else {
			v.Warnings = append(v.Warnings, d.Code)
		}
	}
	slices.Sort(v.Errors)
	slices.Sort(v.Warnings)
	v.Errors, v.Warnings = slices.Compact(v.Errors), slices.Compact(v.Warnings)
	return v
}

// Agree reports whether etlgen's verdict and Spark's agree: etlgen accepts
// the pipeline exactly when Spark runs it.
func Agree(e Etlgen, s Spark) bool { return e.Accepted() == s.IsAccepted() }

// AnyError is the recorded errors of a verdict that expects a rejection
// whose code is not decided yet (a pending planner change).
const AnyError = "*"

// Differences lists how the planner's verdict differs from the recorded
// one: the errors ([AnyError]: at least one), and the warnings unless the
// recorded ones are not checked (null).
func (e Etlgen) Differences(got Etlgen) []string {
	var out []string
	if slices.Equal(e.Errors, []string{AnyError}) {
		if got.Accepted() {
			out = append(out, "no error, recorded: some error")
		}
	} else if !slices.Equal(e.Errors, got.Errors) {
		out = append(out, fmt.Sprintf("errors %v, recorded %v", got.Errors, e.Errors))
	}
	if e.Warnings != nil && !slices.Equal(e.Warnings, got.Warnings) {
		out = append(out, fmt.Sprintf("warnings and notes %v, recorded %v", got.Warnings, e.Warnings))
	}
	return out
}
