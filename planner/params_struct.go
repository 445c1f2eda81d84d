package planner

import (
	"errors"
	"fmt"
	"go/token"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/go-playground/validator/v10"
)

// paramGoTypes are the Go types of the IR's parameter types; a duration is
// a time.Duration, as validator compared etl.Duration (lte=1h).
var paramGoTypes = map[string]reflect.Type{
	"duration": reflect.TypeFor[time.Duration](),
	"string":   reflect.TypeFor[string](),
	"int":      reflect.TypeFor[int64](),
	"float":    reflect.TypeFor[float64](),
	"bool":     reflect.TypeFor[bool](),
}

// paramType is a transformation's parameter struct rebuilt from the IR
// with reflect.StructOf: the same field names, types and validate tags, so
// validator checks it as it checked the user's struct.
type paramType struct {
	typ    reflect.Type
	params []ir.Param        // the parameters typ has a field for, in order
	byGo   map[string]string // Go field name → parameter name
}

// newParamType rebuilds the parameter struct of params; nil when no
// parameter has a validate tag (nothing to check) or the IR lacks the Go
// field names (a document written before they were recorded). A parameter
// whose type or field name is not one the DSL writes is left out.
func newParamType(params []ir.Param) *paramType {
	if !slices.ContainsFunc(params, func(p ir.Param) bool { return p.Validate != "" }) {
		return nil
	}
	pt := &paramType{byGo: map[string]string{}}
	var fields []reflect.StructField
	tagged := false
	for _, p := range params {
		gt, ok := paramGoTypes[p.Type]
		if !ok || !token.IsIdentifier(p.Field) || !token.IsExported(p.Field) || pt.byGo[p.Field] != "" {
			continue
		}
		f := reflect.StructField{Name: p.Field, Type: gt}
		if p.Validate != "" {
			f.Tag = reflect.StructTag("validate:" + strconv.Quote(p.Validate))
			tagged = true
		}
		fields = append(fields, f)
		pt.params = append(pt.params, p)
		pt.byGo[p.Field] = p.Name
	}
	if !tagged {
		return nil
	}
	pt.typ = reflect.StructOf(fields)
	return pt
}

// values fills a struct of the type with the text text returns for each
// parameter; text that does not parse (the DSL reported ETL-D201) leaves
// the field zero, as the user's field was. check skips the problems of the
// parameters text says not to report.
func (pt *paramType) values(text func(ir.Param) (s string, report bool)) paramValues {
	v := paramValues{v: reflect.New(pt.typ).Elem(), skip: map[string]bool{}}
	for i, p := range pt.params {
		s, report := text(p)
		v.skip[p.Name] = !report
		setParam(v.v.Field(i), p.Type, s)
	}
	return v
}

// paramValues is a filled parameter struct and the parameters whose
// problems are not reported there.
type paramValues struct {
	v    reflect.Value
	skip map[string]bool
}

// setParam parses s into the field of IR type typ, leaving it zero when s
// does not parse.
func setParam(fv reflect.Value, typ, s string) {
	var err error
	switch typ {
	case "duration":
		var d time.Duration
		if d, err = ir.ParseSpan(s); err == nil {
			fv.SetInt(int64(d))
		}
	case "string":
		fv.SetString(s)
	case "int":
		var n int64
		if n, err = strconv.ParseInt(s, 10, 64); err == nil {
			fv.SetInt(n)
		}
	case "float":
		var x float64
		if x, err = strconv.ParseFloat(s, 64); err == nil {
			fv.SetFloat(x)
		}
	case "bool":
		var b bool
		if b, err = strconv.ParseBool(s); err == nil {
			fv.SetBool(b)
		}
	}
}

// paramValidator is the validator the DSL used: required struct fields
// enabled, no custom rules.
var paramValidator = sync.OnceValue(func() *validator.Validate {
	return validator.New(validator.WithRequiredStructEnabled())
})

// check runs validator on v and reports every broken rule of a parameter
// not skipped as ETL-D202 at the site; false (with ETL-D305 reported) when
// validator could not run the tags.
func (pt *paramType) check(v paramValues, at paramSite, out *diag.List) bool {
	errs, err := runValidator(v.v.Interface())
	if err != nil {
		out.Add(paramTagDiagnostic(at, err))
		return false
	}
	for _, fe := range errs {
		name := pt.byGo[fe.StructField()]
		if v.skip[name] {
			continue
		}
		val := fe.Value()
		if d, ok := val.(time.Duration); ok {
			val = d.String()
		}
		rule := fe.Tag() + "=" + fe.Param()
		out.Add(diag.Diagnostic{Code: ir.CodeParamInvalid, Severity: diag.Error, Pos: at.pos, Path: at.path,
			Message: fmt.Sprintf("parameter %s = %v breaks rule %s", name, val, strings.TrimSuffix(rule, "=")),
			Hint:    "give the parameter a value that satisfies " + rule})
	}
	return true
}

// runValidator validates s. Validator panics on a tag it cannot run (an
// unknown rule, an argument that does not parse as the field's type): that
// is the user's input, so the panic becomes the error returned.
func runValidator(s any) (errs validator.ValidationErrors, err error) {
	defer func() {
		if r := recover(); r != nil {
			errs, err = nil, fmt.Errorf("%v", r)
		}
	}()
	err = paramValidator().Struct(s)
	if errors.As(err, &errs) {
		return errs, nil
	}
	return nil, err
}
