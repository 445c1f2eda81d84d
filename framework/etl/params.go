package etl

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// NoParams is the parameter type of a transformation without parameters.
type NoParams struct{}

var typeDuration = reflect.TypeFor[Duration]()

// paramKinds maps supported parameter field types to their IR type name.
var paramKinds = map[reflect.Type]string{
	typeDuration:               "duration",
	reflect.TypeFor[string]():  "string",
	reflect.TypeFor[int64]():   "int",
	reflect.TypeFor[float64](): "float",
	reflect.TypeFor[bool]():    "bool",
}

// paramField is one field of a parameter struct.
type paramField struct {
	index int
	decl  ir.Param
}

// paramFields describes the parameter struct type t, recording problems.
func paramFields(t reflect.Type, pos diag.Position, path string, diags *diag.List) []paramField {
	if t.Kind() != reflect.Struct {
		diags.Add(diag.Diagnostic{Code: ir.CodeParamStruct, Severity: diag.Error, Pos: pos, Path: path,
			Message: fmt.Sprintf("parameter type %s is not a struct", t), Hint: "declare parameters as a struct, or use etl.NoParams"})
		return nil
	}
	var out []paramField
	for i := range t.NumField() {
		f := t.Field(i)
		kind, ok := paramKinds[f.Type]
		if !ok || !f.IsExported() {
			diags.Add(diag.Diagnostic{Code: ir.CodeParamStruct, Severity: diag.Error, Pos: pos, Path: path,
				Message: fmt.Sprintf("parameter field %s has unsupported type %s or is unexported", f.Name, f.Type),
				Hint:    "use an exported field of type etl.Duration, string, int64, float64 or bool"})
			continue
		}
		name := f.Tag.Get("param")
		if name == "" {
			name = snake(f.Name)
		}
		out = append(out, paramField{index: i, decl: ir.Param{Name: name, Type: kind,
			Default: f.Tag.Get("default"), Description: f.Tag.Get("desc"), Field: f.Name, Validate: f.Tag.Get("validate")}})
	}
	return out
}

// bindParams applies defaults to zero fields of v (an addressable struct)
// and returns the values, recording problems; the planner checks the values
// against the fields' validate tags (the program that prints the IR does not
// link validator). Problems of defaults are reported only when
// reportDefaults is set (for the transformation's own declaration, not again
// for every step).
func bindParams(v reflect.Value, fields []paramField, pos diag.Position, path string, diags *diag.List, reportDefaults bool) []ir.ParamValue {
	defaulted := map[string]bool{}
	report := func(field, hint, format string, args ...any) {
		if defaulted[field] && !reportDefaults {
			return
		}
		diags.Add(diag.Diagnostic{Code: ir.CodeParamDefault, Severity: diag.Error, Pos: pos, Path: path,
			Message: fmt.Sprintf(format, args...), Hint: hint})
	}
	for _, f := range fields {
		fv := v.Field(f.index)
		if fv.IsZero() && f.decl.Default != "" {
			defaulted[f.decl.Name] = true
			if err := setDefault(fv, f.decl.Default); err != nil {
				report(f.decl.Name, "fix the default tag of the parameter", "parameter %s: default %q: %v", f.decl.Name, f.decl.Default, err)
				continue
			}
		}
		if d, ok := fv.Interface().(Duration); ok && d.err != nil {
			report(f.decl.Name, "write a duration like 15m or \"15 minutes\"", "parameter %s: %v", f.decl.Name, d.err)
		}
	}
	out := make([]ir.ParamValue, len(fields))
	for i, f := range fields {
		out[i] = ir.ParamValue{Name: f.decl.Name, Value: renderParam(v.Field(f.index)), Defaulted: defaulted[f.decl.Name]}
	}
	return out
}

// setDefault parses text into the field.
func setDefault(fv reflect.Value, text string) error {
	switch fv.Type() {
	case typeDuration:
		d := ParseDuration(text)
		fv.Set(reflect.ValueOf(d))
		return d.err
	}
	switch fv.Kind() {
	case reflect.String:
		fv.SetString(text)
	case reflect.Int64:
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return fmt.Errorf("not an integer: %w", err)
		}
		fv.SetInt(n)
	case reflect.Float64:
		x, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return fmt.Errorf("not a number: %w", err)
		}
		fv.SetFloat(x)
	case reflect.Bool:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return fmt.Errorf("not a boolean: %w", err)
		}
		fv.SetBool(b)
	}
	return nil
}

// renderParam renders a parameter value as a string.
func renderParam(fv reflect.Value) string {
	if d, ok := fv.Interface().(Duration); ok {
		return d.String()
	}
	switch fv.Kind() {
	case reflect.Int64:
		return strconv.FormatInt(fv.Int(), 10)
	case reflect.Float64:
		return strconv.FormatFloat(fv.Float(), 'g', -1, 64)
	case reflect.Bool:
		return strconv.FormatBool(fv.Bool())
	}
	return fv.String()
}

// snake converts a Go identifier to snake_case: WindowDuration → window_duration.
func snake(s string) string {
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
