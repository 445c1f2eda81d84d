package gen

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/etlgen/etlgen/contracts"
)

// Import paths referenced by generated Go code.
const (
	pathContracts = "github.com/etlgen/etlgen/contracts"
	pathETL       = "github.com/etlgen/etlgen/framework/etl"
	pathDecimal   = "github.com/shopspring/decimal"
)

// builtinGo maps the scalar kinds to their Go type names.
var builtinGo = map[contracts.Kind]string{
	contracts.KindString:  "string",
	contracts.KindBool:    "bool",
	contracts.KindInt32:   "int32",
	contracts.KindInt64:   "int64",
	contracts.KindFloat64: "float64",
}

// goTypeCode returns the Go type of t, without a pointer, as code in the file of
// package p.
func goTypeCode(p Package, t contracts.Type) (jen.Code, error) {
	name := strings.TrimPrefix(t.GoType, "*")
	if b, ok := builtinGo[t.Kind]; ok {
		if local, ok := localName(p, name); ok && local != b {
			return jen.Qual(p.Path, local), nil // a named type of this package
		}
		return jen.Id(b), nil
	}
	switch t.Kind {
	case contracts.KindDecimal:
		return jen.Qual(pathDecimal, "Decimal"), nil
	case contracts.KindTimestamp:
		return jen.Qual("time", "Time"), nil
	case contracts.KindDate:
		return jen.Qual(pathContracts, "Date"), nil
	case contracts.KindArray:
		return arrayCode(p, t)
	case contracts.KindStruct:
		return namedCode(p, name)
	}
	return nil, fmt.Errorf("unsupported kind %q", t.Kind)
}

// arrayCode returns []Elem.
func arrayCode(p Package, t contracts.Type) (jen.Code, error) {
	if t.Elem == nil {
		return nil, fmt.Errorf("array type %q has no element type", t.GoType)
	}
	elem, err := goTypeCode(p, *t.Elem)
	if err != nil {
		return nil, err
	}
	return jen.Index().Add(elem), nil
}

// namedCode resolves a struct type name: a type of the package itself (bare,
// or qualified with the package name), or "import/path.Name".
func namedCode(p Package, name string) (jen.Code, error) {
	if local, ok := localName(p, name); ok {
		return jen.Qual(p.Path, local), nil
	}
	if i := strings.LastIndex(name, "."); i > 0 && strings.Contains(name[:i], "/") && token.IsIdentifier(name[i+1:]) {
		return jen.Qual(name[:i], name[i+1:]), nil
	}
	return nil, fmt.Errorf("cannot resolve struct type %q to an import path: declare it in package %s", name, p.Name)
}

// localName returns the type name when name denotes a type declared in p:
// "OrderEvent" or "orderstreaming.OrderEvent".
func localName(p Package, name string) (string, bool) {
	if token.IsIdentifier(name) {
		return name, true
	}
	prefix, rest, ok := strings.Cut(name, ".")
	if ok && prefix == p.Name && token.IsIdentifier(rest) {
		return rest, true
	}
	return "", false
}

// TypeLabel renders a contract type for people: string, decimal(18,2),
// array<string>, struct OrderEvent.
func TypeLabel(t contracts.Type) string {
	switch t.Kind {
	case contracts.KindDecimal:
		return fmt.Sprintf("decimal(%d,%d)", t.Precision, t.Scale)
	case contracts.KindArray:
		if t.Elem == nil {
			return "array"
		}
		return "array<" + TypeLabel(*t.Elem) + ">"
	case contracts.KindStruct:
		if n := strings.TrimPrefix(t.GoType, "*"); n != "" {
			return "struct " + n[strings.LastIndex(n, ".")+1:]
		}
		return "struct"
	}
	return string(t.Kind)
}
