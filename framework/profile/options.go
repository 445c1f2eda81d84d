package profile

import (
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
			d.unknownKey(e, path, known)
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
	if o.Required {
		d.report(CodeMissingOption, owner, path, "add "+o.Name+" — "+o.Description,
			"%s has no %s", path, o.Name)
		return
	}
	if o.Default != "" {
		out[o.Name] = defaultValue(o)
	}
}

// conditions reports options set where their OnlyWith condition fails.
func (d *decoder) conditions(path string, entries []entry, specs []Option, out map[string]Value) {
	for _, e := range entries {
		o, ok := findOption(specs, e.name)
		if !ok || o.OnlyWith == nil {
			continue
		}
		if c := o.OnlyWith; out[c.Name].Text() != c.Value {
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
			d.report(CodeBadValue, n, path, o.Description, "%s: %v", path, err)
			return v, false
		}
	}
	return v, true
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
}
