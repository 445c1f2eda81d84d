package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner/sparkverdicts"
)

// writeSpark writes the directory of one differential case: ir.json,
// profile.yaml, equivalent.yaml when the profile is rejected, and case.json
// with the planner's verdict (for a pending case, the verdict expected once
// the planner change lands). spark.json, Spark's measured verdict, is the
// live test's to write.
func writeSpark(root string, sc sparkCase) error {
	dir, doc, data, err := start(root, sc.name, sc.doc)
	if err != nil {
		return err
	}
	prof := sparkProfile(sc.name, doc, sc.trigger, sc.assets)
	files := map[string][]byte{sparkverdicts.FileIR: data, sparkverdicts.FileProfile: []byte(prof)}
	c := sparkverdicts.Case{Name: sc.name, Dir: dir, About: sc.about, Rule: sc.rule, Deliberate: sc.deliberate, Pending: sc.pending,
		RowsVary: sc.rowsVary}
	if e := sc.equivalent; e != nil {
		files[sparkverdicts.FileEquivalent] = []byte(sparkProfile(sc.name, doc, "", mergeAssets(sc.assets, e.assets)))
		c.Equivalent = &sparkverdicts.Equivalent{Options: e.options, Trigger: e.trigger, Modes: e.modes}
	}
	got, _, diags := sparkverdicts.Judge(doc, []byte(prof), profile.DefaultSparkLine)
	if *show {
		fmt.Printf("%s: %v %v\n%s", sc.name, got.Errors, got.Warnings, diagText(diags))
	}
	c.Etlgen = got
	for _, line := range profile.SparkLines {
		if on, _, _ := sparkverdicts.Judge(doc, []byte(prof), line); len(got.Differences(on)) > 0 && sc.pending == "" {
			if c.EtlgenLines == nil {
				c.EtlgenLines = map[string]sparkverdicts.Etlgen{}
			}
			c.EtlgenLines[line] = on
		}
	}
	if sc.pending != "" {
		c.Etlgen = sparkverdicts.Etlgen{Errors: append([]string{}, sc.pendingErrors...)}
		if len(c.Etlgen.Differences(got)) == 0 {
			return fmt.Errorf("pending, but the planner already reports %v: drop pending", got.Errors)
		}
	}
	if strings.TrimSpace(sc.about) == "" || strings.TrimSpace(sc.rule) == "" {
		return fmt.Errorf("a case needs about and rule")
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	if _, ok := files[sparkverdicts.FileEquivalent]; !ok {
		_ = os.Remove(filepath.Join(dir, sparkverdicts.FileEquivalent))
	}
	return c.Write()
}

// mergeAssets returns a with b's entries on top.
func mergeAssets(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}
