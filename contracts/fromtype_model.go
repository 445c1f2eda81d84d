package contracts

import (
	"github.com/etlgen/etlgen/diag"
)

// goType is a Go type as either go/types (Load) or reflect (FromType) sees
// it. One builder turns a goType into the model, so both sources agree on
// everything the struct tags say.
type goType interface {
	// named returns the package path, package name and type name of a named
	// type, and empty strings for an unnamed one.
	named() (pkgPath, pkgName, name string)
	// kindName is the underlying kind in reflect's spelling: "string",
	// "int64", "slice", "ptr", "struct", "map", ..., or "invalid" when the
	// type does not compile.
	kindName() string
	// elem is the element type of a slice, array or pointer.
	elem() goType
	// fields lists the fields of a struct type in declaration order.
	fields() []goField
	// display renders the type for messages, e.g. "map[string]int".
	display() string
}

// goField is one struct field.
type goField struct {
	Name     string
	Tag      string
	Exported bool
	Embedded bool
	Type     goType
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
func sourceKindOf(t goType) (k Kind, ptr bool) {
	path, _, name := t.named()
	if k, ok := sourceSpecialKinds[path+"."+name]; ok && name != "" {
		return k, false
	}
	switch kn := t.kindName(); kn {
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
func goTypeString(t goType) string {
	_, pkgName, name := t.named()
	switch {
	case name != "" && pkgName != "":
		return pkgName + "." + name
	case name != "":
		return name
	}
	switch t.kindName() {
	case "slice":
		return "[]" + goTypeString(t.elem())
	case "ptr":
		return "*" + goTypeString(t.elem())
	case "struct":
		return "struct{...}"
	}
	return t.display()
}

// typeKey identifies a named type for recursion checks; "" when unnamed.
func typeKey(t goType) string {
	path, _, name := t.named()
	if name == "" {
		return ""
	}
	return path + "." + name
}
