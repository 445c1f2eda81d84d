package pyspark_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// TestLiteralSecretRefused: a literal credential the planner found in the
// session, a source's or a sink's options is never program text: Generate
// fails naming the key and the reason, not the value.
func TestLiteralSecretRefused(t *testing.T) {
	for _, tc := range []struct {
		name  string
		plant func(m *planner.Model)
		want  string
	}{
		{"none", func(*planner.Model) {}, ""},
		{"session", func(m *planner.Model) { m.Session.LiteralSecret = "connect_url (token parameter)" }, "connect_url (token parameter)"},
		{"source", func(m *planner.Model) { m.Pipelines[0].Sources[0].LiteralSecret = "kafka.sasl.jaas.config (password=)" },
			"source order_events: refusing to write a credential into the program: kafka.sasl.jaas.config (password=)"},
		{"sink", func(m *planner.Model) { m.Pipelines[0].Queries[0].Sink.LiteralSecret = "path (user info)" }, "path (user info)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := exampleModel(t, "diamond")
			tc.plant(m)
			_, err := pyspark.Generate(m)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("Generate: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "refusing")):
				t.Fatalf("Generate: %v; want a refusal naming %q", err, tc.want)
			}
		})
	}
}

// exampleModel plans the order-streaming example on the profile of a
// test case (testdata/<dir>/profile.yaml).
func exampleModel(t *testing.T, dir string) *planner.Model {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "order-streaming.ir.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ir.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	prof, diags, err := profile.Load(filepath.Join("testdata", dir, "profile.yaml"))
	if err != nil || diags.HasErrors() {
		t.Fatalf("load profile: %v %v", err, diags)
	}
	m, diags := planner.Plan(doc, prof, planner.Options{})
	if diags.HasErrors() {
		t.Fatalf("plan: %v", diags)
	}
	return m
}
