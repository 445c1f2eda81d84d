package contracts

import (
	"github.com/etlgen/etlgen/diag"
)

// SourceType is a Go type as a source of contracts sees it: reflect
// (FromType) or go/types (package contracts/goload, which reads contracts
// from Go source; this package does not link go/types, so that every
// pipeline program, which links it, stays small). One builder turns a
// SourceType into the model (FromSource, FromType), so both sources agree
// on everything the struct tags say.
type SourceType interface {
	// Named returns the package path, package name and type name of a named
	// type, and empty strings for an unnamed one.
	Named() (pkgPath, pkgName, name string)
	// KindName is the underlying kind in reflect's spelling: "string",
	// "int64", "slice", "ptr", "struct", "map", ..., or "invalid" when the
	// type does not compile.
	KindName() string
	// Elem is the element type of a slice, array or pointer.
	Elem() SourceType
	// Fields lists the fields of a struct type in declaration order.
	Fields() []SourceField
	// Display renders the type for messages, e.g. "map[string]int".
	Display() string
}

// SourceField is one struct field of a SourceType: its Go name, struct tag,
// type, position and description (Doc, from its doc comment).
type SourceField struct {
	Name     string
	Tag      string
	Exported bool
	Embedded bool
	Type     SourceType
	Pos      diag.Position
	Doc      string
}

// Import paths and names of the struct types with their own kind.
const (
	decimalPath  = "github.com/shopspring/decimal"
	contractPath = "github.com/etlgen/etlgen/contracts"
)

// sourceSpecialKinds maps the struct types that are scalar kinds.
var sourceSpecialKinds = map[string]Kind{
	decimalPath + ".Decimal": KindDecimal,
	"time.Time":              KindTimestamp,
	contractPath + ".Date":   KindDate,
}

// sourceBasicKinds maps the supported underlying basic kinds.
var sourceBasicKinds = map[string]Kind{
	"string": KindString, "bool": KindBool, "int32": KindInt32, "int64": KindInt64, "float64": KindFloat64,
}

// unsupportedTypeHints says what to use instead of an unsupported kind.
var unsupportedTypeHints = map[string]string{
	"int": "use int64 (or int32)", "int8": "use int32", "int16": "use int32",
	"uint": "use int64", "uint8": "use int32", "uint16": "use int32", "uint32": "use int64", "uint64": "use int64 or decimal.Decimal with decimal(20,0)",
	"uintptr": "use int64", "float32": "use float64", "complex64": "use two float64 fields", "complex128": "use two float64 fields",
	"map":   "use a nested struct, or a slice of key/value structs",
	"array": "use a slice", "interface": "use a concrete type", "chan": "channels cannot be data",
	"func": "functions cannot be data", "unsafe.Pointer": "use a concrete type",
}

// supportedTypesHint is the hint for any other unsupported type.
const supportedTypesHint = "supported: string, bool, int32, int64, float64, decimal.Decimal, time.Time, contracts.Date, slices, structs, and pointers to these"

// sourceKindOf classifies t: a kind, or "" when t is a pointer (ptr true) or
// unsupported.
func sourceKindOf(t SourceType) (k Kind, ptr bool) {
	path, _, name := t.Named()
	if k, ok := sourceSpecialKinds[path+"."+name]; ok && name != "" {
		return k, false
	}
	switch kn := t.KindName(); kn {
	case "slice":
		return KindArray, false
	case "struct":
		return KindStruct, false
	case "ptr":
		return "", true
	default:
		return sourceBasicKinds[kn], false
	}
}

// goTypeString renders t the way reflect.Type.String does for the types a
// contract may hold: package-name qualified, with "struct{...}" for
// anonymous structs.
func goTypeString(t SourceType) string {
	_, pkgName, name := t.Named()
	switch {
	case name != "" && pkgName != "":
		return pkgName + "." + name
	case name != "":
		return name
	}
	switch t.KindName() {
	case "slice":
		return "[]" + goTypeString(t.Elem())
	case "ptr":
		return "*" + goTypeString(t.Elem())
	case "struct":
		return "struct{...}"
	}
	return t.Display()
}

// typeKey identifies a named type for recursion checks; "" when unnamed.
func typeKey(t SourceType) string {
	path, _, name := t.Named()
	if name == "" {
		return ""
	}
	return path + "." + name
}
