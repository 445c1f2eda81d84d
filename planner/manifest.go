package planner

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/etlgen/etlgen/framework/profile"
)

// ManifestVersion is the format version written in every state manifest.
const ManifestVersion = "etlgen.state/v1"

// Manifest records what the state in a plan's checkpoints depends on: per
// query, its sources, watermarks, output and stateful operators (kind, keys,
// key and value schema, window, watermark column, source identity).
// `etlgen plan --manifest FILE` writes it; `etlgen validate --against FILE`
// compares the current plan with it (Compare) before a restart reuses the
// checkpoints.
type Manifest struct {
	ManifestVersion string             `json:"manifestVersion"`
	Profile         string             `json:"profile"`
	Pipelines       []ManifestPipeline `json:"pipelines"`
}

// ManifestPipeline is the state of one pipeline's queries.
type ManifestPipeline struct {
	ID      string          `json:"id"`
	Version string          `json:"version"`
	Queries []ManifestQuery `json:"queries"`
}

// ManifestQuery is the state-relevant part of one query.
type ManifestQuery struct {
	Name       string `json:"name"`
	Checkpoint string `json:"checkpoint"`
	// Host is, for a hosted load (multi-sink, Query.Host), the query whose
	// micro-batches write it and whose checkpoint it has; "" for a query of
	// its own.
	Host       string       `json:"host,omitempty"`
	OutputMode string       `json:"outputMode"`
	Sources    []SourceName `json:"sources"`
	Watermarks []Watermark  `json:"watermarks"`
	Output     []Column     `json:"output"`
	Operators  []StatefulOp `json:"operators"`
	// StateStore is the Spark state store of a stateful query (Model's);
	// "" for a stateless one or on the local engine.
	StateStore string `json:"stateStore,omitempty"`
	// Evolve is how the query's sink table takes a new output schema: set
	// for an append into a table (a plugin with merge_schema); nil for
	// another sink.
	Evolve *SchemaEvolution `json:"evolve,omitempty"`
}

// SchemaEvolution is how an append sink's table takes new columns and
// types: with MergeSchema it adds the columns the table lacks, with
// TypeWidening too it widens a column's type (delta.enableTypeWidening).
type SchemaEvolution struct {
	MergeSchema  bool `json:"mergeSchema"`
	TypeWidening bool `json:"typeWidening"`
}

// evolutionOf is the schema evolution of a query's sink, nil when it is
// not an append into a table.
func evolutionOf(s *Sink) *SchemaEvolution {
	b := s.Binding
	if b == nil || s.WriteMode != profile.WriteAppend || s.Changes != nil {
		return nil
	}
	if _, ok := b.Plugin().Option(profile.MergeSchemaOption); !ok {
		return nil
	}
	return &SchemaEvolution{MergeSchema: s.MergeSchema, TypeWidening: s.Property(profile.PropTypeWidening) == "true"}
}

// NewManifest extracts the state manifest of a plan.
func NewManifest(m *Model) *Manifest {
	out := &Manifest{ManifestVersion: ManifestVersion, Profile: m.Profile, Pipelines: []ManifestPipeline{}}
	for i := range m.Pipelines {
		out.Pipelines = append(out.Pipelines, manifestPipeline(&m.Pipelines[i], m.StateStore, m.OnSpark && NamesSources(m.SparkVersion)))
	}
	return out
}

// manifestPipeline extracts the state of one pipeline's queries, whose
// stateful operators keep their state in store; named: the program names
// its streaming sources (Spark 4.2).
func manifestPipeline(p *PipelinePlan, store string, named bool) ManifestPipeline {
	mp := ManifestPipeline{ID: p.ID, Version: p.Version, Queries: []ManifestQuery{}}
	for _, q := range p.Queries {
		mq := ManifestQuery{Name: q.Name, Checkpoint: q.Checkpoint, Host: q.Host, OutputMode: q.OutputMode, Sources: []SourceName{},
			Watermarks: q.Watermarks, Output: q.Output, Operators: q.Stateful}
		if len(q.Stateful) > 0 {
			mq.StateStore = store
		}
		mq.Evolve = evolutionOf(&q.Sink)
		for _, a := range q.Sources {
			s, _ := p.Source(a)
			if s == nil {
				s = &Source{}
			}
			sn := SourceName{Asset: a, Plugin: s.Plugin, Identity: s.Identity}
			if named {
				sn.Name = SparkSourceName(a)
			}
			mq.Sources = append(mq.Sources, sn)
		}
		mp.Queries = append(mp.Queries, mq)
	}
	return mp
}

// Marshal renders the manifest as indented JSON with a trailing newline; the
// same plan always gives the same bytes.
func (m *Manifest) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, fmt.Errorf("marshal state manifest: %w", err)
	}
	return b.Bytes(), nil
}

// ParseManifest reads a manifest written by Marshal.
func ParseManifest(data []byte) (*Manifest, error) {
	var m Manifest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("parse state manifest: %w", err)
	}
	if m.ManifestVersion != ManifestVersion {
		return nil, fmt.Errorf("parse state manifest: version %q, want %q", m.ManifestVersion, ManifestVersion)
	}
	return &m, nil
}
