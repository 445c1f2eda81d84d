package localengine

import (
	"github.com/etlgen/etlgen/contracts"
)

// Row is one row: its values in the order of the columns of its Schema.
type Row []any

// Column is a named, typed column of a Schema.
type Column struct {
	Name string
	Type contracts.Type
	// EventTime marks a column that carries a watermark (Spark's
	// spark.watermarkDelayMs column metadata).
	EventTime bool
	// Delay is the watermark delay of an EventTime column, in microseconds.
	Delay int64
}

// Schema is the ordered list of columns of the rows an operator emits.
type Schema struct {
	Cols []Column
	idx  map[string]int
}

// NewSchema builds a schema of cols.
func NewSchema(cols []Column) *Schema {
	s := &Schema{Cols: cols, idx: make(map[string]int, len(cols))}
	for i, c := range cols {
		if _, dup := s.idx[c.Name]; !dup {
			s.idx[c.Name] = i
		}
	}
	return s
}

// SchemaOf is the schema of a contract's top-level fields.
func SchemaOf(c *contracts.Contract) *Schema {
	cols := make([]Column, len(c.Fields))
	for i, f := range c.Fields {
		cols[i] = Column{Name: f.Name, Type: f.Type}
	}
	return NewSchema(cols)
}

// Index returns the position of the named column, or -1.
func (s *Schema) Index(name string) int {
	if i, ok := s.idx[name]; ok {
		return i
	}
	return -1
}

// Names returns the column names in order.
func (s *Schema) Names() []string {
	out := make([]string, len(s.Cols))
	for i, c := range s.Cols {
		out[i] = c.Name
	}
	return out
}

// Map returns the row as column name → value.
func (s *Schema) Map(r Row) map[string]any {
	m := make(map[string]any, len(s.Cols))
	for i, c := range s.Cols {
		if i < len(r) {
			m[c.Name] = r[i]
		}
	}
	return m
}
