package pyspark

import (
	"strings"
	"testing"
)

// TestCheckRuntimeModule: a plugin's runtime module has a name of its own
// (a lower-case identifier, no core module's, no other plugin's) and the
// generated-code header; a plugin without one passes.
func TestCheckRuntimeModule(t *testing.T) {
	src := []byte(generatedHeader + "\n\"\"\"m.\"\"\"\n")
	var taken string
	for _, p := range plugins {
		if p.Runtime != nil {
			taken = p.Runtime.Name
		}
	}
	if taken == "" {
		t.Fatal("no registered plugin has a runtime module: the duplicate case tests nothing")
	}
	tests := []struct {
		name string
		m    *RuntimeModule
		want string // part of the error, "" for none
	}{
		{"none", nil, ""},
		{"own module", &RuntimeModule{Name: "lakehouse", Source: src}, ""},
		{"not an identifier", &RuntimeModule{Name: "Lake-house", Source: src}, "not a lower-case Python identifier"},
		{"a core module", &RuntimeModule{Name: "writes", Source: src}, "a module of the core runtime"},
		{"another plugin's", &RuntimeModule{Name: taken, Source: src}, "is plugin"},
		{"no header", &RuntimeModule{Name: "lakehouse", Source: []byte("\"\"\"m.\"\"\"\n")}, "does not start with"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkRuntimeModule(Plugin{Name: "lakehouse", Runtime: tt.m})
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("error %v, want none", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
}
