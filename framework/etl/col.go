package etl

// Col is a typed reference to a column of a contract. Generated code
// (zz_etlgen.go) declares one Col per contract field, e.g.
// OrderEventCols.Status is a Col[string]; a misspelt column is therefore a
// compile error, not a runtime one.
type Col[T any] struct {
	name string
}

// NewCol returns a reference to the column with the given name. Generated code
// calls it; pipeline authors use the generated accessors instead.
func NewCol[T any](name string) Col[T] { return Col[T]{name: name} }

// Name returns the column name.
func (c Col[T]) Name() string { return c.name }
