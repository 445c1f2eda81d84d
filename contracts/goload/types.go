package goload

import (
	"go/types"

	"github.com/etlgen/etlgen/contracts"
)

// typesType is a contracts.SourceType backed by go/types, for Load.
type typesType struct {
	t  types.Type
	pl *packageLoader
}

func (g typesType) Named() (string, string, string) {
	switch t := types.Unalias(g.t).(type) {
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() == nil {
			return "", "", obj.Name()
		}
		return obj.Pkg().Path(), obj.Pkg().Name(), obj.Name()
	case *types.Basic:
		if t.Kind() != types.Invalid {
			return "", "", types.Typ[t.Kind()].Name()
		}
	}
	return "", "", ""
}

func (g typesType) KindName() string {
	switch u := g.t.Underlying().(type) {
	case *types.Basic:
		if u.Kind() == types.Invalid {
			return "invalid"
		}
		return types.Typ[u.Kind()].Name()
	case *types.Slice:
		return "slice"
	case *types.Array:
		return "array"
	case *types.Pointer:
		return "ptr"
	case *types.Struct:
		return "struct"
	case *types.Map:
		return "map"
	case *types.Chan:
		return "chan"
	case *types.Signature:
		return "func"
	case *types.Interface:
		return "interface"
	}
	return "typeparam"
}

func (g typesType) Display() string {
	return types.TypeString(g.t, func(p *types.Package) string { return p.Name() })
}

func (g typesType) Elem() contracts.SourceType {
	switch u := g.t.Underlying().(type) {
	case *types.Slice:
		return typesType{u.Elem(), g.pl}
	case *types.Array:
		return typesType{u.Elem(), g.pl}
	case *types.Pointer:
		return typesType{u.Elem(), g.pl}
	}
	return typesType{types.Typ[types.Invalid], g.pl}
}

func (g typesType) Fields() []contracts.SourceField {
	st, ok := g.t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	out := make([]contracts.SourceField, st.NumFields())
	for i := range out {
		v := st.Field(i)
		out[i] = contracts.SourceField{Name: v.Name(), Tag: st.Tag(i), Exported: v.Exported(), Embedded: v.Embedded(),
			Type: typesType{v.Type(), g.pl}, Pos: g.pl.pos(v.Pos()), Doc: g.pl.docs[v.Pos()]}
	}
	return out
}
