package profile

import (
	"errors"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"
)

// options decodes the option entries of an asset or resource against specs.
// Keys in skip are handled by the caller. Defaults fill unset options.
func (d *decoder) options(owner *yaml.Node, path string, entries []entry, specs []Option, skip []string) map[string]Value {
	out := map[string]Value{}
	present := map[string]bool{}
	known := append(append([]string{}, skip...), optionNames(specs)...)
	for _, e := range entries {
		present[e.name] = true
		if slices.Contains(skip, e.name) {
			continue
		}
		o, ok := findOption(specs, e.name)
		if !ok {
			d.unknownKey(e, path, known, entries)
			continue
		}
		if v, ok := d.value(*o, e.val, join(path, e.name)); ok {
			v.Pos = d.pos(e.val)
			out[e.name] = v
		}
	}
	for _, o := range specs {
		if !present[o.Name] {
			d.completeOption(owner, path, o, out)
		}
	}
	d.conditions(path, entries, specs, out)
	return out
}

// completeOption reports an absent required option or fills its default.
func (d *decoder) completeOption(owner *yaml.Node, path string, o Option, out map[string]Value) {
	if o.Required && d.missing(path, o.Name) {
		d.report(CodeMissingOption, owner, path, "add "+o.Name+" — "+o.Description,
			"%s has no %s", path, o.Name)
		return
	}
	if !o.Required && o.Default != "" {
		out[o.Name] = defaultValue(o)
	}
}

// conditions reports options set where their OnlyWith condition fails or
// the option they require is not set.
func (d *decoder) conditions(path string, entries []entry, specs []Option, out map[string]Value) {
	for _, e := range entries {
		o, ok := findOption(specs, e.name)
		if !ok {
			continue
		}
		if r := o.Requires; r != "" && !hasEntry(entries, r) {
			d.report(CodeOptionNotApplies, e.key, join(path, e.name), "remove "+e.name+", or set "+r,
				"%s only applies with %s set", e.name, r)
		}
		if o.OnlyWith == nil {
			continue
		}
		c := o.OnlyWith
		if _, ok := out[c.Name]; !ok && hasEntry(entries, c.Name) {
			continue // the condition's own value is wrong, and reported
		}
		if out[c.Name].Text() != c.Value {
			d.report(CodeOptionNotApplies, e.key, join(path, e.name), "remove "+e.name+", or set "+c.Name+": "+c.Value,
				"%s only applies with %s: %s", e.name, c.Name, c.Value)
		}
	}
}

// defaultValue builds the Value of an option's rendered default.
func defaultValue(o Option) Value {
	v := Value{Type: o.Type, Str: o.Default, Default: true}
	switch o.Type {
	case TypeInt:
		v.Int, _ = strconv.ParseInt(o.Default, 10, 64)
	case TypeBool:
		v.Bool, _ = strconv.ParseBool(o.Default)
	case TypeDuration:
		v.Duration, _ = ParseDuration(o.Default)
	}
	return v
}

func optionNames(specs []Option) []string {
	out := make([]string, len(specs))
	for i, o := range specs {
		out[i] = o.Name
	}
	return out
}

// value decodes one option value by its type and runs the spec's checks.
func (d *decoder) value(o Option, n *yaml.Node, path string) (Value, bool) {
	dec, ok := valueDecoders[o.Type]
	if !ok {
		dec = (*decoder).stringValue
	}
	v, ok := dec(d, o, resolve(n), path)
	if !ok {
		return v, false
	}
	v.Type = o.Type
	if o.Check != nil {
		if err := o.Check(v); err != nil {
			d.checkFailed(n, path, o.Description, err)
			return v, false
		}
	}
	return v, true
}

// checkError is a Check failure with its own code and hint (default:
// ETL-P315 with the option's description). Its message never quotes the
// value.
type checkError struct {
	Code, Message, Hint string
	// Path is the option the problem is at, under the checked path; ""
	// for the checked path itself.
	Path string
}

func (e *checkError) Error() string { return e.Message }

// CheckError is the error an option's Check (Option.Check) or a plugin's
// Check (Plugin.Check) returns to report a problem with its own code, the
// option it is at (Path, under the checked option) and a hint; any other
// error is ETL-P315 with the option's description as hint. A plugin
// package builds one as &profile.CheckError{Code: ..., Message: ...}.
type CheckError = checkError

// checkFailed reports a Check error at n: a checkError with its code and
// hint, any other error as ETL-P315 with hint; each error of a joined one
// (errors.Join) on its own.
func (d *decoder) checkFailed(n *yaml.Node, path, hint string, err error) {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			d.checkFailed(n, path, hint, e)
		}
		return
	}
	code := CodeBadValue
	var ce *checkError
	if errors.As(err, &ce) {
		code = ce.Code
		if ce.Path != "" {
			path = join(path, ce.Path)
		}
		if ce.Hint != "" {
			hint = ce.Hint
		}
	}
	d.report(code, n, path, hint, "%s: %v", path, err)
}

// valueDecoders maps each option type to its decoder (values.go).
var valueDecoders = map[OptionType]func(*decoder, Option, *yaml.Node, string) (Value, bool){
	TypeString:     (*decoder).stringValue,
	TypePath:       (*decoder).stringValue,
	TypeInt:        (*decoder).intValue,
	TypeBool:       (*decoder).boolValue,
	TypeDuration:   (*decoder).durationValue,
	TypeStringList: (*decoder).listValue,
	TypeStringMap:  (*decoder).mapValue,
	TypeEnv:        (*decoder).envValue,
	TypeTimestamp:  (*decoder).timestampValue,
	TypeBytes:      (*decoder).bytesValue,
	TypeOffsets:    (*decoder).offsetsValue,
	TypePartitions: (*decoder).partitionsValue,
}
