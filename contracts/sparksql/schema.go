package sparksql

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
)

// StructType is a Spark schema in the JSON form of
// org.apache.spark.sql.types.StructType (DataType.fromJson reads it, and so
// does pyspark's StructType.fromJson).
type StructType struct {
	// Fields are the columns in declaration order.
	Fields []StructField
}

// StructField is one field of a StructType.
type StructField struct {
	// Name is the column name, unquoted.
	Name string `json:"name"`
	// Type is the column's data type.
	Type DataType `json:"type"`
	// Nullable is false for required fields outside arrays.
	Nullable bool `json:"nullable"`
	// Metadata holds the field's description under "comment", as Spark
	// stores column comments.
	Metadata map[string]string `json:"metadata"`
}

// DataType is a Spark data type: a simple type name ("string", "long",
// "decimal(18,2)", ...), an array, or a struct.
type DataType struct {
	// Name is the simple type name, or "array" or "struct".
	Name string
	// Element and ContainsNull describe an array.
	Element      *DataType
	ContainsNull bool
	// Struct holds the fields of a struct.
	Struct *StructType
}

// MarshalJSON renders {"type":"struct","fields":[...]}.
func (s StructType) MarshalJSON() ([]byte, error) {
	fields := s.Fields
	if fields == nil {
		fields = []StructField{}
	}
	return json.Marshal(struct {
		Type   string        `json:"type"`
		Fields []StructField `json:"fields"`
	}{"struct", fields})
}

// MarshalJSON renders a simple type as a JSON string and arrays and structs
// as objects, as Spark does.
func (t DataType) MarshalJSON() ([]byte, error) {
	switch t.Name {
	case "array":
		if t.Element == nil {
			return nil, fmt.Errorf("marshal spark array type: no element type")
		}
		return json.Marshal(struct {
			Type         string   `json:"type"`
			ElementType  DataType `json:"elementType"`
			ContainsNull bool     `json:"containsNull"`
		}{"array", *t.Element, t.ContainsNull})
	case "struct":
		if t.Struct == nil {
			return json.Marshal(StructType{})
		}
		return json.Marshal(*t.Struct)
	}
	return json.Marshal(t.Name)
}

// Schema returns the Spark schema of the rows of contract c. A field is
// nullable when the contract lets it be absent; array elements are marked
// containsNull=true although validation never lets a null element through,
// because the arrays Spark builds (transform) are typed that way and Delta
// refuses to write nullable elements into a non-nullable array; for the
// same reason the fields of structs inside arrays are all nullable.
func Schema(c *contracts.Contract) StructType {
	return structOf(c.Fields, false)
}

// structOf builds a struct type; inArray marks the fields of array
// elements, which are all nullable: Delta refuses NOT NULL inside arrays
// (DELTA_NESTED_NOT_NULL_CONSTRAINT).
func structOf(fields []contracts.Field, inArray bool) StructType {
	out := StructType{Fields: make([]StructField, 0, len(fields))}
	for i := range fields {
		f := &fields[i]
		md := map[string]string{}
		if f.Description != "" {
			md["comment"] = f.Description
		}
		out.Fields = append(out.Fields, StructField{
			Name: f.Name, Type: dataTypeOf(f.Type, inArray), Nullable: inArray || !isRequired(f), Metadata: md,
		})
	}
	return out
}

// simpleTypes maps scalar kinds to Spark's JSON type names.
var simpleTypes = map[contracts.Kind]string{
	contracts.KindString: "string", contracts.KindBool: "boolean",
	contracts.KindInt32: "integer", contracts.KindInt64: "long",
	contracts.KindFloat64: "double", contracts.KindTimestamp: "timestamp",
	contracts.KindDate: "date",
}

func dataTypeOf(t contracts.Type, inArray bool) DataType {
	switch t.Kind {
	case contracts.KindDecimal:
		return DataType{Name: fmt.Sprintf("decimal(%d,%d)", t.Precision, t.Scale)}
	case contracts.KindArray:
		elem := DataType{Name: "string"}
		if t.Elem != nil {
			elem = dataTypeOf(*t.Elem, true)
		}
		return DataType{Name: "array", Element: &elem, ContainsNull: true}
	case contracts.KindStruct:
		st := structOf(t.Fields, inArray)
		return DataType{Name: "struct", Struct: &st}
	}
	if n, ok := simpleTypes[t.Kind]; ok {
		return DataType{Name: n}
	}
	return DataType{Name: "string"}
}

// sqlNames maps scalar kinds to Spark SQL type names.
var sqlNames = map[contracts.Kind]string{
	contracts.KindString: "STRING", contracts.KindBool: "BOOLEAN",
	contracts.KindInt32: "INT", contracts.KindInt64: "BIGINT",
	contracts.KindFloat64: "DOUBLE", contracts.KindTimestamp: "TIMESTAMP",
	contracts.KindDate: "DATE",
}

// SQLType returns the Spark SQL type of t as DDL text: STRING, BIGINT,
// DECIMAL(18,2), ARRAY<STRING>, STRUCT<`a`: INT NOT NULL, ...>. Fields of
// structs inside arrays carry no NOT NULL (Delta refuses it there). An
// unknown kind renders as STRING (goload.Load rejects such kinds first).
func SQLType(t contracts.Type) string { return sqlType(t, false) }

func sqlType(t contracts.Type, inArray bool) string {
	switch t.Kind {
	case contracts.KindDecimal:
		return fmt.Sprintf("DECIMAL(%d,%d)", t.Precision, t.Scale)
	case contracts.KindArray:
		if t.Elem == nil {
			return "ARRAY<STRING>"
		}
		return "ARRAY<" + sqlType(*t.Elem, true) + ">"
	case contracts.KindStruct:
		parts := make([]string, len(t.Fields))
		for i := range t.Fields {
			f := &t.Fields[i]
			nn := notNull(f)
			if inArray {
				nn = ""
			}
			parts[i] = QuoteIdent(f.Name) + ": " + sqlType(f.Type, inArray) + nn
		}
		return "STRUCT<" + strings.Join(parts, ", ") + ">"
	}
	if n, ok := sqlNames[t.Kind]; ok {
		return n
	}
	return "STRING"
}

// DDL returns the column list of contract c as a Spark DDL string, the form
// spark.read.schema and from_json accept:
// `event_id` STRING NOT NULL, `order_total` DECIMAL(18,2) NOT NULL, ...
func DDL(c *contracts.Contract) string {
	parts := make([]string, len(c.Fields))
	for i := range c.Fields {
		f := &c.Fields[i]
		parts[i] = QuoteIdent(f.Name) + " " + SQLType(f.Type) + notNull(f)
	}
	return strings.Join(parts, ", ")
}

// CreateTableDDL returns CREATE TABLE IF NOT EXISTS table (...) USING delta
// for the rows of contract c, with each field's description as its COMMENT
// and the contract's description as the table COMMENT. table is a dotted
// name (catalog.schema.table); each part is quoted. When a column name holds
// a character Delta rejects (space, comma, semicolon, braces, parentheses,
// newline, tab, '='), the table turns on Delta column mapping by name.
func CreateTableDDL(table string, c *contracts.Contract) string {
	return CreateTableDDLWith(table, c, TableLayout{})
}

// TableLayout is how a table is created besides its columns: the columns
// it is partitioned by, its table properties (name, value), in order, and
// its provider ("" is delta).
type TableLayout struct {
	PartitionBy []string
	Properties  [][2]string
	// Provider is the USING clause's data source: "" (delta) or iceberg.
	// Delta's column mapping applies to delta tables only.
	Provider string
}

// CreateTableDDLWith is CreateTableDDL with a layout: PARTITIONED BY the
// layout's columns, and TBLPROPERTIES the column-mapping properties a
// column name needs followed by the layout's (a layout property of the
// same name replaces one). Names and values are quoted.
func CreateTableDDLWith(table string, c *contracts.Contract, l TableLayout) string {
	var b strings.Builder
	fmt.Fprintf(&b, "CREATE TABLE IF NOT EXISTS %s (\n", QuotePath(strings.Split(table, ".")...))
	for i := range c.Fields {
		f := &c.Fields[i]
		fmt.Fprintf(&b, "  %s %s%s", QuoteIdent(f.Name), SQLType(f.Type), notNull(f))
		if f.Description != "" {
			b.WriteString(" COMMENT " + QuoteString(f.Description))
		}
		if i < len(c.Fields)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	provider := "delta"
	if l.Provider != "" {
		provider = l.Provider
	}
	b.WriteString(") USING " + provider)
	if len(l.PartitionBy) > 0 {
		parts := make([]string, len(l.PartitionBy))
		for i, p := range l.PartitionBy {
			parts[i] = QuoteIdent(p)
		}
		b.WriteString("\nPARTITIONED BY (" + strings.Join(parts, ", ") + ")")
	}
	if c.Description != "" {
		b.WriteString("\nCOMMENT " + QuoteString(c.Description))
	}
	if props := tableProperties(c, l.Properties, provider == "delta"); len(props) > 0 {
		b.WriteString("\nTBLPROPERTIES (" + strings.Join(props, ", ") + ")")
	}
	return b.String()
}

// tableProperties renders the TBLPROPERTIES entries: column mapping when
// a column name needs it on a delta table, then props, a later entry
// replacing an earlier one of the same name.
func tableProperties(c *contracts.Contract, props [][2]string, delta bool) []string {
	var all [][2]string
	if delta && needsColumnMapping(c.Fields) {
		all = append(all, [2]string{"delta.columnMapping.mode", "name"}, [2]string{"delta.minReaderVersion", "2"}, [2]string{"delta.minWriterVersion", "5"})
	}
	var out []string
	at := map[string]int{}
	for _, p := range append(all, props...) {
		entry := QuoteString(p[0]) + " = " + QuoteString(p[1])
		if i, ok := at[p[0]]; ok {
			out[i] = entry
			continue
		}
		at[p[0]] = len(out)
		out = append(out, entry)
	}
	return out
}

// deltaInvalidChars are the characters Delta refuses in column names unless
// column mapping is on (DELTA_INVALID_CHARACTERS_IN_COLUMN_NAMES).
const deltaInvalidChars = " ,;{}()\n\t="

// needsColumnMapping reports whether a field name at any depth holds a
// character Delta accepts only with column mapping mode 'name'.
func needsColumnMapping(fields []contracts.Field) bool {
	for i := range fields {
		f := &fields[i]
		if strings.ContainsAny(f.Name, deltaInvalidChars) || needsColumnMapping(f.Type.Fields) {
			return true
		}
		for e := f.Type.Elem; e != nil; e = e.Elem {
			if needsColumnMapping(e.Fields) {
				return true
			}
		}
	}
	return false
}

func notNull(f *contracts.Field) string {
	if isRequired(f) {
		return " NOT NULL"
	}
	return ""
}

// isRequired reports whether f must be present and not null: a non-pointer
// field, or any field with the required constraint.
func isRequired(f *contracts.Field) bool {
	if f.Required {
		return true
	}
	for _, c := range f.Constraints {
		if c.Kind == contracts.ConstraintRequired {
			return true
		}
	}
	return false
}
