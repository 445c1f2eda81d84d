package infer

import (
	"sort"

	"github.com/etlgen/etlgen/contracts"
)

// Source is one input column a value derives from.
type Source struct {
	// Input is the transformation input name.
	Input  string `json:"input"`
	Column string `json:"column"`
}

// Column is one column of an inferred schema.
type Column struct {
	Name     string         `json:"name"`
	Type     contracts.Type `json:"type"`
	Nullable bool           `json:"nullable"`
	// Lineage lists the input columns the value derives from, sorted.
	Lineage []Source `json:"lineage,omitempty"`
}

// Schema is the ordered list of columns a plan node produces.
type Schema struct {
	Columns []Column `json:"columns"`
}

// Column returns the column with the given name.
func (s Schema) Column(name string) (Column, bool) {
	for _, c := range s.Columns {
		if c.Name == name {
			return c, true
		}
	}
	return Column{}, false
}

// Names returns the column names in order.
func (s Schema) Names() []string {
	out := make([]string, len(s.Columns))
	for i, c := range s.Columns {
		out[i] = c.Name
	}
	return out
}

// Lineage maps each output column to the input columns it derives from.
func (s Schema) Lineage() map[string][]Source {
	out := make(map[string][]Source, len(s.Columns))
	for _, c := range s.Columns {
		out[c.Name] = c.Lineage
	}
	return out
}

// FromContract is the schema of a transformation input bound to contract c.
func FromContract(c *contracts.Contract, input string) Schema {
	s := Schema{Columns: make([]Column, len(c.Fields))}
	for i, f := range c.Fields {
		s.Columns[i] = Column{Name: f.Name, Type: f.Type, Nullable: !f.Required,
			Lineage: []Source{{Input: input, Column: f.Name}}}
	}
	return s
}

// mergeLineage unions lineage lists, sorted and without repeats.
func mergeLineage(lists ...[]Source) []Source {
	seen := map[Source]bool{}
	var out []Source
	for _, l := range lists {
		for _, s := range l {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Input != out[j].Input {
			return out[i].Input < out[j].Input
		}
		return out[i].Column < out[j].Column
	})
	return out
}
