package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
)

// SARIFSchema is the JSON Schema URI written in every SARIF log.
const SARIFSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// The SARIF 2.1.0 subset etlgen writes: one run, one result per diagnostic,
// one reporting descriptor per distinct code.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string       `json:"id"`
		ShortDescription sarifMessage `json:"shortDescription"`
		HelpURI          string       `json:"helpUri"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID     string            `json:"ruleId"`
		Level      string            `json:"level"`
		Message    sarifMessage      `json:"message"`
		Locations  []sarifLocation   `json:"locations,omitempty"`
		Properties map[string]string `json:"properties,omitempty"`
	}
	sarifLocation struct {
		PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
		LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
	}
	sarifLogical struct {
		FullyQualifiedName string `json:"fullyQualifiedName"`
	}
)

// DocsURI is where every diagnostic code is documented.
const DocsURI = "https://github.com/etlgen/etlgen/blob/main/docs/diagnostics.md"

// WriteSARIF writes the list as a SARIF 2.1.0 log (one run of the "etlgen"
// tool) for code-scanning services. Severities map to SARIF levels of the same
// name; the hint and model path go to the result's properties.
func WriteSARIF(w io.Writer, l List) error {
	log := sarifLog{Schema: SARIFSchema, Version: "2.1.0", Runs: []sarifRun{{
		Tool:    sarifTool{Driver: sarifDriver{Name: "etlgen", InformationURI: DocsURI, Rules: sarifRules(l)}},
		Results: make([]sarifResult, 0, len(l)),
	}}}
	for _, d := range l {
		log.Runs[0].Results = append(log.Runs[0].Results, sarifResultOf(d))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		return fmt.Errorf("write diagnostics as sarif: %w", err)
	}
	return nil
}

func sarifRules(l List) []sarifRule {
	first := map[string]string{}
	for _, d := range l {
		if _, ok := first[d.Code]; !ok {
			first[d.Code] = d.Message
		}
	}
	rules := make([]sarifRule, 0, len(first))
	for code, msg := range first {
		rules = append(rules, sarifRule{ID: code, ShortDescription: sarifMessage{Text: msg}, HelpURI: DocsURI})
	}
	sort.Slice(rules, func(i, j int) bool { return rules[i].ID < rules[j].ID })
	return rules
}

func sarifResultOf(d Diagnostic) sarifResult {
	r := sarifResult{RuleID: d.Code, Level: sarifLevel(d.Severity), Message: sarifMessage{Text: d.Message}}
	props := map[string]string{}
	if d.Hint != "" {
		props["hint"] = d.Hint
	}
	if d.Path != "" {
		props["path"] = d.Path
	}
	if len(props) > 0 {
		r.Properties = props
	}
	if loc, ok := sarifLocationOf(d); ok {
		r.Locations = []sarifLocation{loc}
	}
	return r
}

func sarifLocationOf(d Diagnostic) (sarifLocation, bool) {
	var loc sarifLocation
	if d.Pos.IsValid() {
		phys := &sarifPhysical{ArtifactLocation: sarifArtifact{URI: d.Pos.File}}
		if d.Pos.Line > 0 {
			phys.Region = &sarifRegion{StartLine: d.Pos.Line, StartColumn: d.Pos.Column}
		}
		loc.PhysicalLocation = phys
	}
	if d.Path != "" {
		loc.LogicalLocations = []sarifLogical{{FullyQualifiedName: d.Path}}
	}
	return loc, loc.PhysicalLocation != nil || loc.LogicalLocations != nil
}

func sarifLevel(s Severity) string {
	switch s {
	case Warning:
		return "warning"
	case Note:
		return "note"
	}
	return "error"
}
