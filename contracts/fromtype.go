package contracts

import (
	"fmt"
	"reflect"
	"strings"
	"unicode"
)

// FromType builds the contract of struct type t (or pointer to struct) from
// its struct tags, with the same parser and checks as FromSource (which
// goload.Load calls). What only the source knows is missing: descriptions,
// positions and the marker's data. The
// ID is the kebab case of the type name, the version "0.0.0" and unknown
// fields are allowed. Generated code registers the full model with
// MustRegister; FromType is the fallback for unregistered types.
//
// The error, when not nil, is a *diag.ListError listing every problem.
func FromType(t reflect.Type) (Contract, error) {
	if t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return Contract{}, fmt.Errorf("contract from type %v: not a struct type", t)
	}
	c := Contract{
		ID:            KebabCase(t.Name()),
		Version:       "0.0.0",
		Name:          t.Name(),
		Package:       t.PkgPath(),
		UnknownFields: UnknownAllow,
	}
	b := modelBuilder{}
	rt := reflectType{t}
	b.stack = append(b.stack, typeKey(rt))
	c.Fields = b.structFields(rt, t.Name(), false)
	if err := b.diags.Err(); err != nil {
		return c, fmt.Errorf("contract from type %s: %w", t, err)
	}
	return c, nil
}

// KebabCase turns a Go type name into a contract id: "OrderEvent" becomes
// "order-event", "HTTPRequest" "http-request".
func KebabCase(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		upper := unicode.IsUpper(r)
		if upper && i > 0 && (!unicode.IsUpper(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])) {
			b.WriteByte('-')
		}
		if r == '_' {
			r = '-'
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// reflectType is a SourceType backed by reflect.
type reflectType struct{ t reflect.Type }

func (r reflectType) Named() (string, string, string) {
	if r.t.Name() == "" {
		return "", "", ""
	}
	pkgName := ""
	if s := r.t.String(); strings.Contains(s, ".") {
		pkgName, _, _ = strings.Cut(s, ".")
	}
	return r.t.PkgPath(), pkgName, r.t.Name()
}

func (r reflectType) Display() string { return r.t.String() }

func (r reflectType) KindName() string { return r.t.Kind().String() }

func (r reflectType) Elem() SourceType { return reflectType{r.t.Elem()} }

func (r reflectType) Fields() []SourceField {
	out := make([]SourceField, r.t.NumField())
	for i := range out {
		sf := r.t.Field(i)
		out[i] = SourceField{Name: sf.Name, Tag: string(sf.Tag), Exported: sf.IsExported(),
			Embedded: sf.Anonymous, Type: reflectType{sf.Type}}
	}
	return out
}
