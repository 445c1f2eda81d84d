// Package profiles_test checks that the example's profiles bind to the
// clickstream pipeline built by the DSL, and that the Spark profile
// compiles to a program.
package profiles_test

import (
	"context"
	"strings"
	"testing"

	clickstream "github.com/etlgen/etlgen/examples/clickstream"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/sparkrun"
)

// TestProfilesPlan: local.yaml and spark.yaml bind and plan without a
// single diagnostic (`etlgen validate` says "ok" for both), with the user
// dimension bound as a static table.
func TestProfilesPlan(t *testing.T) {
	doc := etl.DocumentOf(clickstream.Pipeline)
	if doc.Diagnostics.HasErrors() {
		t.Fatalf("the example pipeline does not build:\n%v", doc.Diagnostics.Err())
	}
	tests := []struct {
		file, staticPlugin string
	}{
		{"local.yaml", "file-json"},
		{"spark.yaml", "delta"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			p, diags, err := profile.Load(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			_, pd := planner.Plan(doc, p, planner.Options{})
			for _, d := range append(diags, pd...) {
				t.Errorf("unexpected diagnostic: %s", d)
			}
			b, _ := profile.Bind(p, doc, "clickstream-sessions")
			users, ok := b.Source("users")
			if !ok || users.Role != profile.RoleStaticSource || string(users.Asset.Plugin.Name) != tt.staticPlugin {
				t.Errorf("users bound as %+v, want a %s static source", users, tt.staticPlugin)
			}
		})
	}
}

// TestSparkProfileCompiles: the Spark profile compiles to a program that
// deduplicates within the watermark, reads the dimension table and groups
// by session window; it byte-compiles when a Python is available.
func TestSparkProfileCompiles(t *testing.T) {
	p, diags, err := profile.Load("spark.yaml")
	if err != nil || diags.HasErrors() {
		t.Fatal(err, diags)
	}
	m, diags := planner.Plan(etl.DocumentOf(clickstream.Pipeline), p, planner.Options{})
	if diags.HasErrors() {
		t.Fatalf("plan: %v", diags)
	}
	files, err := pyspark.Generate(m)
	if err != nil {
		t.Fatal(err)
	}
	prog := string(files[0].Data)
	for _, want := range []string{
		`.dropDuplicatesWithinWatermark(["event_id"])`,
		`reader.table("dim.users")`,
		`F.session_window(F.expr("` + "`event_time`" + `"), "30 minutes")`,
		"`window_start` AS `session_start`",
	} {
		if !strings.Contains(prog, want) {
			t.Errorf("program lacks %s", want)
		}
	}
	py, err := sparkrun.CompilerPython()
	if err != nil {
		t.Skip(err)
	}
	if err := sparkrun.Compile(context.Background(), py, files); err != nil {
		t.Fatal(err)
	}
}
