// Command corpusgen writes the planner's corpus of broken pipelines: one
// directory per case under planner/testdata/corpus with ir.json, profile.yaml,
// want.codes and, for some, modes.txt (forced output modes) and against.json
// (the state manifest of the version running before the change). It also
// writes the differential corpus against Spark, planner/testdata/spark (the
// tables spark_*.go; package planner/sparkverdicts reads it).
//
//	go run ./planner/testdata/corpusgen -o planner/testdata/corpus -spark planner/testdata/spark
//
// TestCorpusUpToDate runs it into a temporary directory and fails on a
// committed file it would write differently.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	_ "github.com/etlgen/etlgen/plugins/all" // the plugins the profiles name
)

// show prints every differential case's diagnostics (-show).
var show = flag.Bool("show", false, "print the diagnostics of every differential case")

func main() {
	out := flag.String("o", "planner/testdata/corpus", "output directory")
	spark := flag.String("spark", "planner/testdata/spark", "output directory of the differential corpus")
	flag.Parse()
	for _, c := range cases {
		if err := write(*out, c); err != nil {
			fmt.Fprintf(os.Stderr, "corpusgen: %s: %v\n", c.name, err)
			os.Exit(1)
		}
	}
	seen := map[string]bool{}
	for _, c := range sparkCases() {
		if seen[c.name] {
			fmt.Fprintf(os.Stderr, "corpusgen: differential case %s twice\n", c.name)
			os.Exit(1)
		}
		seen[c.name] = true
		if err := writeSpark(*spark, c); err != nil {
			fmt.Fprintf(os.Stderr, "corpusgen: %s: %v\n", c.name, err)
			os.Exit(1)
		}
	}
}

func diagText(l diag.List) string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString("  " + d.String() + "\n")
	}
	return b.String()
}

// start makes a case's directory and builds its document and IR bytes.
func start(root, name string, build func() *ir.Document) (string, *ir.Document, []byte, error) {
	dir := filepath.Join(root, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, nil, err
	}
	doc := build()
	data, err := ir.Marshal(doc)
	return dir, doc, data, err
}

func write(root string, c kase) error {
	dir, doc, data, err := start(root, c.name, c.doc)
	if err != nil {
		return err
	}
	files := map[string][]byte{
		"ir.json":      data,
		"profile.yaml": []byte(profileFor(doc, "prod", c.overrides)),
		"want.codes":   []byte(strings.Join(c.want, "\n") + "\n"),
	}
	if len(c.modes) > 0 {
		files["modes.txt"] = []byte(modesText(c.modes))
	} else if err := os.Remove(filepath.Join(dir, "modes.txt")); err != nil && !os.IsNotExist(err) {
		return err // a stale modes.txt would force a query the case no longer has (ETL-S428)
	}
	if c.before != nil {
		m, err := manifestOf(c.before(), c.beforeOv)
		if err != nil {
			return err
		}
		files["against.json"] = m
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func modesText(m map[string]string) string {
	var lines []string
	for q, mode := range m {
		lines = append(lines, q+"="+mode)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n"
}

// manifestOf plans the older document and returns its state manifest.
func manifestOf(doc *ir.Document, ov map[string]string) ([]byte, error) {
	prof, d := profile.Parse("profile.yaml", []byte(profileFor(doc, "prod", ov)))
	if d.HasErrors() {
		return nil, d.Err()
	}
	m, _ := planner.Plan(doc, prof, planner.Options{})
	return planner.NewManifest(m).Marshal()
}
