package gen

import (
	"github.com/dave/jennifer/jen"

	"github.com/etlgen/etlgen/contracts"
)

// kv is one keyed element of a struct literal; nil values are left out.
type kv struct {
	key string
	val jen.Code
}

// structLit emits T{key: val, ...} one element per line, in the given order,
// skipping zero values.
func structLit(typ jen.Code, elems ...kv) *jen.Statement {
	var items []jen.Code
	for _, e := range elems {
		if e.val != nil {
			items = append(items, jen.Id(e.key).Op(":").Add(e.val))
		}
	}
	return jen.Add(typ).Custom(multi, items...)
}

// str is a string literal, nil when empty.
func str(s string) jen.Code {
	if s == "" {
		return nil
	}
	return jen.Lit(s)
}

// num is an int literal, nil when zero.
func num(n int) jen.Code {
	if n == 0 {
		return nil
	}
	return jen.Lit(n)
}

// boolLit is true, nil when false.
func boolLit(b bool) jen.Code {
	if !b {
		return nil
	}
	return jen.True()
}

// strs is a []string literal, nil when empty.
func strs(ss []string) jen.Code {
	if len(ss) == 0 {
		return nil
	}
	items := make([]jen.Code, len(ss))
	for i, s := range ss {
		items[i] = jen.Lit(s)
	}
	return jen.Index().String().Values(items...)
}

// kindConst names the contracts.Kind constants.
var kindConst = map[contracts.Kind]string{
	contracts.KindString:    "KindString",
	contracts.KindBool:      "KindBool",
	contracts.KindInt32:     "KindInt32",
	contracts.KindInt64:     "KindInt64",
	contracts.KindFloat64:   "KindFloat64",
	contracts.KindDecimal:   "KindDecimal",
	contracts.KindTimestamp: "KindTimestamp",
	contracts.KindDate:      "KindDate",
	contracts.KindArray:     "KindArray",
	contracts.KindStruct:    "KindStruct",
}

// policyConst names the contracts.UnknownFieldPolicy constants.
var policyConst = map[contracts.UnknownFieldPolicy]string{
	contracts.UnknownAllow:  "UnknownAllow",
	contracts.UnknownReject: "UnknownReject",
}

// contractLit emits the contracts.Contract literal of c, positions omitted.
func contractLit(c contracts.Contract) jen.Code {
	return structLit(jen.Qual(pathContracts, "Contract"),
		kv{"ID", str(c.ID)},
		kv{"Version", str(c.Version)},
		kv{"Name", str(c.Name)},
		kv{"Package", str(c.Package)},
		kv{"Description", str(c.Description)},
		kv{"Owner", str(c.Owner)},
		kv{"Domain", str(c.Domain)},
		kv{"Status", str(c.Status)},
		kv{"UnknownFields", policyLit(c.UnknownFields)},
		kv{"MaxPayloadBytes", num(c.MaxPayloadBytes)},
		kv{"Freshness", str(c.Freshness)},
		kv{"Retention", str(c.Retention)},
		kv{"Support", str(c.Support)},
		kv{"Contact", str(c.Contact)},
		kv{"Fields", fieldsLit(c.Fields)},
		kv{"Rules", rulesLit(c.Rules)},
	)
}

// policyLit emits an unknown-field policy, nil when unset.
func policyLit(p contracts.UnknownFieldPolicy) jen.Code {
	if p == "" {
		return nil
	}
	if name, ok := policyConst[p]; ok {
		return jen.Qual(pathContracts, name)
	}
	return jen.Qual(pathContracts, "UnknownFieldPolicy").Call(jen.Lit(string(p)))
}

// fieldsLit emits []contracts.Field{...}, nil when empty.
func fieldsLit(fs []contracts.Field) jen.Code {
	if len(fs) == 0 {
		return nil
	}
	items := make([]jen.Code, len(fs))
	for i, f := range fs {
		items[i] = fieldLit(f) // element type elided, as gofmt -s would
	}
	return jen.Index().Qual(pathContracts, "Field").Custom(multi, items...)
}

// fieldLit emits one contracts.Field literal.
func fieldLit(f contracts.Field) jen.Code {
	return structLit(jen.Null(),
		kv{"Name", str(f.Name)},
		kv{"GoName", str(f.GoName)},
		kv{"Type", typeLit(jen.Qual(pathContracts, "Type"), f.Type)},
		kv{"Required", boolLit(f.Required)},
		kv{"Description", str(f.Description)},
		kv{"Constraints", constraintsLit(f.Constraints)},
		kv{"PrimaryKey", num(f.PrimaryKey)},
		kv{"Unique", boolLit(f.Unique)},
		kv{"EventTime", boolLit(f.EventTime)},
		kv{"Classification", str(f.Classification)},
		kv{"PII", boolLit(f.PII)},
		kv{"Examples", strs(f.Examples)},
	)
}

// typeLit emits a contracts.Type literal prefixed by typ (the type name, or
// &contracts.Type for an element type).
func typeLit(typ jen.Code, t contracts.Type) jen.Code {
	var kind jen.Code
	if name, ok := kindConst[t.Kind]; ok {
		kind = jen.Qual(pathContracts, name)
	} else if t.Kind != "" {
		kind = jen.Qual(pathContracts, "Kind").Call(jen.Lit(string(t.Kind)))
	}
	var elem jen.Code
	if t.Elem != nil {
		elem = typeLit(jen.Op("&").Qual(pathContracts, "Type"), *t.Elem)
	}
	return structLit(typ,
		kv{"Kind", kind},
		kv{"Precision", num(t.Precision)},
		kv{"Scale", num(t.Scale)},
		kv{"Elem", elem},
		kv{"Fields", fieldsLit(t.Fields)},
		kv{"GoType", str(t.GoType)},
	)
}

// constraintsLit emits []contracts.Constraint{...}, nil when empty.
func constraintsLit(cs []contracts.Constraint) jen.Code {
	if len(cs) == 0 {
		return nil
	}
	items := make([]jen.Code, len(cs))
	for i, c := range cs {
		item := []jen.Code{jen.Id("Kind").Op(":").Lit(string(c.Kind))}
		if len(c.Args) > 0 {
			item = append(item, jen.Id("Args").Op(":").Add(strs(c.Args)))
		}
		items[i] = jen.Values(item...)
	}
	return jen.Index().Qual(pathContracts, "Constraint").Custom(multi, items...)
}

// rulesLit emits the contract's cross-field rules, nil when none.
func rulesLit(rs []contracts.Rule) jen.Code {
	if len(rs) == 0 {
		return nil
	}
	items := make([]jen.Code, len(rs))
	for i, r := range rs {
		items[i] = structLit(jen.Null(),
			kv{"Name", str(r.Name)},
			kv{"Field", str(r.Field)},
			kv{"Expr", str(r.Expr)},
			kv{"Description", str(r.Description)},
		)
	}
	return jen.Index().Qual(pathContracts, "Rule").Custom(multi, items...)
}
