package planner

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// columnDiff is how an output schema changed, column by column (matched
// by name): added, removed, and changed types ("name: old → new").
type columnDiff struct {
	added, removed, changed []string
}

// diffColumns compares two output schemas; with widening, an integer or
// decimal type widened the way Delta's type widening does (int32 → int64,
// a decimal with no fewer integer and fraction digits) is no change.
func diffColumns(old, cur []Column, widening bool) columnDiff {
	var d columnDiff
	before := map[string]string{}
	for _, c := range old {
		before[c.Name] = c.Type
	}
	for _, c := range cur {
		t, ok := before[c.Name]
		switch {
		case !ok:
			d.added = append(d.added, c.Name)
		case t != c.Type && !(widening && widens(t, c.Type)):
			d.changed = append(d.changed, fmt.Sprintf("%s: %s → %s", c.Name, t, c.Type))
		}
	}
	for _, c := range old {
		if !slices.ContainsFunc(cur, func(n Column) bool { return n.Name == c.Name }) {
			d.removed = append(d.removed, c.Name)
		}
	}
	return d
}

func (d columnDiff) text() string {
	var parts []string
	for _, p := range []struct {
		what string
		cols []string
	}{{"added", d.added}, {"removed", d.removed}, {"type changed", d.changed}} {
		if len(p.cols) > 0 {
			parts = append(parts, p.what+" "+commaJoin(p.cols))
		}
	}
	return strings.Join(parts, "; ")
}

func commaJoin(s []string) string { return strings.Join(s, ", ") }

var decimalType = regexp.MustCompile(`^decimal\((\d+),(\d+)\)$`)

// widens reports whether Delta's type widening takes a column from type
// from to type to (planner type strings).
func widens(from, to string) bool {
	if from == "int32" && to == "int64" {
		return true
	}
	f, t := decimalType.FindStringSubmatch(from), decimalType.FindStringSubmatch(to)
	if f == nil || t == nil {
		return false
	}
	fp, _ := strconv.Atoi(f[1])
	fs, _ := strconv.Atoi(f[2])
	tp, _ := strconv.Atoi(t[1])
	ts, _ := strconv.Atoi(t[2])
	return ts >= fs && tp-ts >= fp-fs
}
