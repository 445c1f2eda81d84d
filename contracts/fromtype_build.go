package contracts

import (
	"reflect"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// modelBuilder turns goTypes into contract fields, collecting every problem.
type modelBuilder struct {
	diags diag.List
	stack []string // named struct types being built, to refuse recursion
	// explain returns the compile error behind an unresolved type at pos, if
	// known; nil when the source is reflect.
	explain func(pos diag.Position) string
}

// bareKey marks a bare "pk" until structFields numbers it.
const bareKey = -1

// structFields builds the fields of struct type t. path is the dotted path of
// the struct itself; nested is false for the contract's top level.
func (b *modelBuilder) structFields(t SourceType, path string, nested bool) []Field {
	var out []Field
	seen := map[string]bool{}
	pkCount := 0
	for _, gf := range t.Fields() {
		f, ok := b.field(gf, path, nested)
		if !ok {
			continue
		}
		if seen[f.Name] {
			b.errorf(CodeDuplicateColumn, f.Pos, path+"."+f.Name, "give each field its own json name",
				"column %q is declared twice", f.Name)
			continue
		}
		seen[f.Name] = true
		if f.PrimaryKey != 0 {
			pkCount++
		}
		if f.PrimaryKey == bareKey {
			f.PrimaryKey = pkCount
		}
		out = append(out, f)
	}
	if !nested {
		checkKeys(out, path, &b.diags)
	}
	return out
}

func (b *modelBuilder) errorf(code string, pos diag.Position, path, hint, format string, args ...any) {
	ps := tagProblems{}
	ps.add(code, hint, format, args...)
	ps.place(&b.diags, pos, path)
}

// field builds one field; ok is false when the field is not part of the
// contract (unexported, json:"-") or cannot be built.
func (b *modelBuilder) field(gf SourceField, parent string, nested bool) (Field, bool) {
	if !gf.Exported {
		return Field{}, false
	}
	path := parent + "." + gf.Name
	if gf.Embedded {
		b.errorf(CodeEmbeddedField, gf.Pos, path, "declare a named field, e.g. "+gf.Name+" "+gf.Name+" `json:\"...\"`",
			"embedded field %s is not supported", gf.Name)
		return Field{}, false
	}
	if err := checkStructTag(gf.Tag); err != nil {
		b.errorf(CodeTagSyntax, gf.Pos, path, "write key:\"value\" pairs separated by single spaces", "bad struct tag: %v", err)
	}
	tag := reflect.StructTag(gf.Tag)
	name, skip := b.columnName(gf, tag, path)
	if skip {
		return Field{}, false
	}
	path = parent + "." + name
	f := Field{Name: name, GoName: gf.Name, Description: gf.Doc, Pos: gf.Pos}
	typ, required, ok := b.fieldType(gf.Type, path, gf.Pos)
	if !ok {
		return Field{}, false
	}
	f.Type, f.Required = typ, required
	b.applyTags(&f, tag, path, nested)
	return f, true
}

// columnName reads the json tag; skip is true for json:"-".
func (b *modelBuilder) columnName(gf SourceField, tag reflect.StructTag, path string) (name string, skip bool) {
	jsonTag, _ := tag.Lookup("json")
	if jsonTag == "-" {
		return "", true
	}
	name, opts, _ := strings.Cut(jsonTag, ",")
	for _, o := range strings.Split(opts, ",") {
		if o == "string" {
			b.errorf(CodeTagSyntax, gf.Pos, path, "remove the ,string option: contracts fix the JSON type of each kind",
				"json option ,string is not supported")
		}
	}
	if name == "" {
		b.errorf(CodeMissingJSONName, gf.Pos, path, "add a column name: `json:\""+snakeCase(gf.Name)+"\"`",
			"field %s has no json name", gf.Name)
		return gf.Name, false
	}
	return name, false
}

// applyTags reads the contract and validate tags into f.
func (b *modelBuilder) applyTags(f *Field, tag reflect.StructTag, path string, nested bool) {
	ct, ps := parseContractTag(tag.Get("contract"))
	cons, vps := parseValidateTag(tag.Get("validate"))
	ps = append(ps, vps...)
	applyDecimalTag(&f.Type, ct, &ps)
	checkConstraints(cons, f.Type, &ps)
	checkExamples(ct.Examples, f.Type, &ps)
	if nested && (ct.HasPK || ct.Unique || ct.EventTime) {
		if !b.inNamed() {
			ps.add(CodeNestedKey, "mark keys and event time on top-level fields of the contract",
				"pk, unique and eventtime are not allowed inside an anonymous nested struct")
		}
		// In a named struct type they belong to that type's own contract.
		ct.HasPK, ct.Unique, ct.EventTime = false, false, false
	}
	ps.place(&b.diags, f.Pos, path)
	f.Constraints = cons
	f.Unique, f.EventTime, f.PII = ct.Unique, ct.EventTime, ct.PII
	f.Classification, f.Examples = ct.Classification, ct.Examples
	if ct.HasPK {
		f.PrimaryKey = ct.PK
		if ct.PK == 0 {
			f.PrimaryKey = bareKey
		}
	}
}

// inNamed reports whether the struct being built is a named type.
func (b *modelBuilder) inNamed() bool {
	return len(b.stack) > 0 && b.stack[len(b.stack)-1] != ""
}

// fieldType resolves a field's type: a pointer makes the field optional.
func (b *modelBuilder) fieldType(t SourceType, path string, pos diag.Position) (Type, bool, bool) {
	if _, ptr := sourceKindOf(t); !ptr {
		typ, ok := b.typeOf(t, path, pos)
		return typ, true, ok
	}
	if _, ptr := sourceKindOf(t.Elem()); ptr {
		b.errorf(CodeUnsupportedType, pos, path, "use a single pointer for an optional field", "type %s is not supported", goTypeString(t))
		return Type{}, false, false
	}
	typ, ok := b.typeOf(t.Elem(), path, pos)
	return typ, false, ok
}

// typeOf resolves a non-pointer type.
func (b *modelBuilder) typeOf(t SourceType, path string, pos diag.Position) (Type, bool) {
	k, ptr := sourceKindOf(t)
	typ := Type{Kind: k, GoType: goTypeString(t)}
	switch {
	case ptr:
		b.errorf(CodeUnsupportedType, pos, path, "use []T: array elements cannot be null", "type %s is not supported here", typ.GoType)
		return typ, false
	case k == KindArray:
		return b.arrayType(t, typ, path, pos)
	case k == KindStruct:
		return b.structType(t, typ, path, pos)
	case k == "":
		b.unsupported(t, path, pos)
		return typ, false
	}
	return typ, true
}

func (b *modelBuilder) arrayType(t SourceType, typ Type, path string, pos diag.Position) (Type, bool) {
	if t.Elem().KindName() == "uint8" {
		b.errorf(CodeUnsupportedType, pos, path, "use string (text or base64)", "type %s is not supported", typ.GoType)
		return typ, false
	}
	elem, ok := b.typeOf(t.Elem(), path+"[]", pos)
	typ.Elem = &elem
	return typ, ok
}

func (b *modelBuilder) structType(t SourceType, typ Type, path string, pos diag.Position) (Type, bool) {
	key := typeKey(t)
	if hint, ok := structTypeHint(key, t); ok {
		b.errorf(CodeUnsupportedType, pos, path, hint, "type %s is not supported", typ.GoType)
		return typ, false
	}
	for _, k := range b.stack {
		if key != "" && k == key {
			b.errorf(CodeRecursiveType, pos, path, "break the cycle, e.g. with a slice of ids", "type %s contains itself", typ.GoType)
			return typ, false
		}
	}
	b.stack = append(b.stack, key)
	typ.Fields = b.structFields(t, path, true)
	b.stack = b.stack[:len(b.stack)-1]
	return typ, true
}

func (b *modelBuilder) unsupported(t SourceType, path string, pos diag.Position) {
	kn := t.KindName()
	if kn == "invalid" {
		hint := "fix the compile error in the field's type"
		if b.explain != nil {
			if msg := b.explain(pos); msg != "" {
				hint += ": " + msg
			}
		}
		b.errorf(CodeUnresolvedType, pos, path, hint, "cannot resolve the type of the field")
		return
	}
	hint, ok := unsupportedTypeHints[kn]
	if !ok {
		hint = supportedTypesHint
	}
	b.errorf(CodeUnsupportedType, pos, path, hint, "type %s is not supported", goTypeString(t))
}

// snakeCase turns a Go name into a snake_case column name for hints.
func snakeCase(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 && !(s[i-1] >= 'A' && s[i-1] <= 'Z') {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// structTypeHint refuses struct types that are not records: nullable
// wrappers (a pointer says optional) and structs without exported fields.
func structTypeHint(key string, t SourceType) (string, bool) {
	if strings.HasPrefix(key, "database/sql.Null") || key == decimalPath+".NullDecimal" {
		return "use a pointer for an optional field, e.g. *string or *decimal.Decimal", true
	}
	for _, f := range t.Fields() {
		if f.Exported {
			return "", false
		}
	}
	return "a nested struct needs exported fields; " + supportedTypesHint, true
}
