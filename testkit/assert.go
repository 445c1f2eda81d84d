package testkit

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/diag"
)

// RowsEqual fails the test unless got and want hold the same rows in any
// order (as multisets). The failure lists the unexpected rows (in got, not
// in want) and the missing rows (in want, not in got), each sorted, and a
// go-cmp diff (-want +got) of the sorted rows.
func RowsEqual[T any](tb testing.TB, got, want []T) {
	tb.Helper()
	gk, wk := rowKeys(got), rowKeys(want)
	unexpected, missing := multisetDiff(gk, wk)
	if len(unexpected) == 0 && len(missing) == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "rows differ: got %d, want %d\n", len(got), len(want))
	writeRows(&b, "unexpected (got, not wanted)", unexpected)
	writeRows(&b, "missing (wanted, not got)", missing)
	sort.Strings(gk)
	sort.Strings(wk)
	fmt.Fprintf(&b, "diff of the sorted rows (-want +got):\n%s", cmp.Diff(wk, gk))
	tb.Error(b.String())
}

// Empty fails the test unless rows is empty.
func Empty[T any](tb testing.TB, rows []T) {
	tb.Helper()
	if len(rows) > 0 {
		var b strings.Builder
		writeRows(&b, fmt.Sprintf("want no rows, got %d", len(rows)), sortedRowKeys(rows))
		tb.Error(b.String())
	}
}

// Count fails the test unless rows has n rows.
func Count[T any](tb testing.TB, rows []T, n int) {
	tb.Helper()
	if len(rows) != n {
		var b strings.Builder
		writeRows(&b, fmt.Sprintf("want %s, got %d", diag.Count(n, "row", "rows"), len(rows)), sortedRowKeys(rows))
		tb.Error(b.String())
	}
}

// rowKeys renders each row as JSON (one comparable, readable line).
func rowKeys[T any](rows []T) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		b, err := json.Marshal(r)
		if err != nil {
			out[i] = fmt.Sprintf("%+v", r)
			continue
		}
		out[i] = string(b)
	}
	return out
}

// sortedRowKeys is rowKeys, sorted.
func sortedRowKeys[T any](rows []T) []string {
	k := rowKeys(rows)
	sort.Strings(k)
	return k
}

// multisetDiff returns got − want and want − got, sorted.
func multisetDiff(got, want []string) (unexpected, missing []string) {
	count := map[string]int{}
	for _, w := range want {
		count[w]++
	}
	for _, g := range got {
		if count[g] > 0 {
			count[g]--
			continue
		}
		unexpected = append(unexpected, g)
	}
	for _, k := range slices.Sorted(maps.Keys(count)) {
		for i := 0; i < count[k]; i++ {
			missing = append(missing, k)
		}
	}
	sort.Strings(unexpected)
	return unexpected, missing
}

func writeRows(b *strings.Builder, title string, rows []string) {
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(b, "%s:\n", title)
	for _, r := range rows {
		fmt.Fprintf(b, "  %s\n", r)
	}
}
