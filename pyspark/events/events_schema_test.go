package events

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/internal/golden"
)

// TestEventSchemaFile writes the event lines' schema, as eventKinds
// declares it, where the runtime's unit tests read it
// (runtime/tests/event_schema.json; -update rewrites it): by kind, every
// field a line may hold, nested objects as "field.sub" and lists of
// objects as "field[].sub". The tests check each line the runtime emits
// against it, so a field or kind Go does not declare fails there.
func TestEventSchemaFile(t *testing.T) {
	schema := map[string][]string{}
	for kind, payload := range eventKinds {
		var ev Event
		fields := []string{"event", "run_id"}
		fields = append(fields, jsonFields(reflect.TypeOf(payload(&ev)).Elem(), "")...)
		slices.Sort(fields)
		schema[kind] = fields
	}
	data, err := json.MarshalIndent(schema, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("..", "runtime", "tests", "event_schema.json"), append(data, '\n'))
}

// jsonFields are the JSON names of struct type t's fields, under prefix,
// with those of nested structs and lists of structs (json.RawMessage is a
// leaf: Spark's own JSON).
func jsonFields(t reflect.Type, prefix string) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || name == "" {
			continue
		}
		out = append(out, prefix+name)
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		switch {
		case ft.Kind() == reflect.Struct:
			out = append(out, jsonFields(ft, prefix+name+".")...)
		case ft.Kind() == reflect.Slice && ft != reflect.TypeOf(json.RawMessage(nil)) && elem(ft).Kind() == reflect.Struct:
			out = append(out, jsonFields(elem(ft), prefix+name+"[].")...)
		}
	}
	return out
}

// elem is a slice type's element type, pointers removed.
func elem(t reflect.Type) reflect.Type {
	t = t.Elem()
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}
