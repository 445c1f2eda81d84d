package gen

import (
	"bytes"
	"context"
	"fmt"
	"go/format"
	"path"

	"github.com/dave/jennifer/jen"

	"github.com/etlgen/etlgen/contracts"
)

// GoFileName is the name of the Go file GoAccessors writes in each package.
const GoFileName = "zz_etlgen.go"

// GoAccessors writes zz_etlgen.go in every package that declares contracts:
// one typed column-accessor value per contract (OrderEventCols) and an init
// function registering each contract's model with package contracts.
type GoAccessors struct{}

// Name returns "go-accessors".
func (GoAccessors) Name() string { return "go-accessors" }

// Spec describes the generator.
func (GoAccessors) Spec() Spec {
	return Spec{
		Summary: "typed column accessors and the contract registry of each package",
		Group:   GroupGo,
		Outputs: "<package dir>/" + GoFileName,
	}
}

// Generate returns one file per package that has contracts.
func (GoAccessors) Generate(ctx context.Context, m *Model) ([]File, error) {
	var out []File
	for _, p := range m.Packages {
		if len(p.Contracts) == 0 {
			continue
		}
		data, err := goFile(p)
		if err != nil {
			return nil, fmt.Errorf("package %s: %w", p.Path, err)
		}
		out = append(out, File{Path: path.Join(cleanDir(p.Dir), GoFileName), Data: data})
	}
	return out, nil
}

// cleanDir maps "" to "." so that path.Join yields a clean relative path.
func cleanDir(dir string) string {
	if dir == "" {
		return "."
	}
	return path.Clean(dir)
}

// goFile renders and gofmts the file of one package.
func goFile(p Package) ([]byte, error) {
	f := jen.NewFilePathName(p.Path, p.Name)
	f.HeaderComment(Header)
	f.ImportNames(map[string]string{
		pathContracts: "contracts",
		pathETL:       "etl",
		pathDecimal:   "decimal",
		"reflect":     "reflect",
		"time":        "time",
	})
	for _, c := range p.Contracts {
		decl, err := colsVar(p, c)
		if err != nil {
			return nil, fmt.Errorf("contract %s: %w", c.ID, err)
		}
		f.Add(decl).Line()
	}
	init, err := registerInit(p)
	if err != nil {
		return nil, err
	}
	f.Add(init)
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	out, err := format.Source(groupImports(buf.Bytes()))
	if err != nil {
		return nil, fmt.Errorf("gofmt: %w", err)
	}
	return out, nil
}

// ColsName is the name of the accessor value of a contract: OrderEventCols.
func ColsName(c contracts.Contract) string { return c.Name + "Cols" }

// colsVar emits `var OrderEventCols = struct{...}{...}`.
func colsVar(p Package, c contracts.Contract) (jen.Code, error) {
	var decls, values []jen.Code
	for _, fd := range c.Fields {
		t, err := goTypeCode(p, fd.Type)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", fd.Name, err)
		}
		decls = append(decls,
			jen.Comment(colComment(fd)),
			jen.Id(fd.GoName).Qual(pathETL, "Col").Types(t))
		values = append(values,
			jen.Id(fd.GoName).Op(":").Qual(pathETL, "NewCol").Types(t).Call(jen.Lit(fd.Name)))
	}
	return jen.Comment(GoComment(fmt.Sprintf("%s are the typed columns of contract %s (v%s).", ColsName(c), c.ID, c.Version))).Line().
		Var().Id(ColsName(c)).Op("=").Struct(decls...).Custom(multi, values...), nil
}

// colComment is the doc comment of one accessor field: one line whatever
// the column's name holds (GoComment).
func colComment(fd contracts.Field) string {
	req := "optional"
	if fd.Required {
		req = "required"
	}
	return GoComment(fmt.Sprintf("%s is column %s (%s, %s).", fd.GoName, fd.Name, TypeLabel(fd.Type), req))
}

// multi renders a composite literal with one element per line.
var multi = jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}

// registerInit emits the init function registering every contract.
func registerInit(p Package) (jen.Code, error) {
	var calls []jen.Code
	for _, c := range p.Contracts {
		calls = append(calls, jen.Qual(pathContracts, "MustRegister").Call(
			jen.Qual("reflect", "TypeFor").Types(jen.Qual(p.Path, c.Name)).Call(),
			contractLit(c),
		))
	}
	return jen.Func().Id("init").Params().Block(calls...), nil
}
