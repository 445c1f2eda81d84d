package testkit

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
)

// MaxListedRows bounds how many offending rows an output test's failure
// lists; the message always gives their count.
const MaxListedRows = 10

// Output is a pipeline output the output tests (Unique, NotNull,
// AcceptedValues, Relationship, Fresh) read: a TableReader, or Rows for
// rows at hand.
type Output interface {
	// OutputName names the output in failure messages.
	OutputName() string
	// Maps returns the rows as column name → value.
	Maps() []map[string]any
}

// OutputName returns the asset name of the table.
func (r TableReader[T]) OutputName() string { return r.name }

// Rows makes an Output of rows at hand (column name → value), e.g. the
// maps of rt.State.
func Rows(name string, rows []map[string]any) Output { return mapRows{name, rows} }

type mapRows struct {
	name string
	rows []map[string]any
}

func (m mapRows) OutputName() string     { return m.name }
func (m mapRows) Maps() []map[string]any { return m.rows }

// Unique fails the test unless no two rows of out share a value of the
// columns (a composite key when there are several). Rows with a NULL in
// the key are not compared, as dbt's unique test does.
func Unique(tb testing.TB, out Output, cols ...string) {
	tb.Helper()
	rows := readOutput(tb, out, cols...)
	byKey := map[string][]map[string]any{}
	for _, r := range rows {
		if k, ok := keyOf(r, cols); ok {
			byKey[k] = append(byKey[k], r)
		}
	}
	var bad []map[string]any
	dup := 0
	for _, k := range slices.Sorted(maps.Keys(byKey)) {
		if len(byKey[k]) > 1 {
			dup++
			bad = append(bad, byKey[k]...)
		}
	}
	failRows(tb, fmt.Sprintf("Unique(%s: %s): %s repeated", out.OutputName(), strings.Join(cols, ", "),
		diag.Count(dup, "key", "keys")), bad, len(rows))
}

// NotNull fails the test unless every row of out has a value in each of
// the columns.
func NotNull(tb testing.TB, out Output, cols ...string) {
	tb.Helper()
	rows := readOutput(tb, out, cols...)
	var bad []map[string]any
	for _, r := range rows {
		if slices.ContainsFunc(cols, func(c string) bool { return r[c] == nil }) {
			bad = append(bad, r)
		}
	}
	failRows(tb, fmt.Sprintf("NotNull(%s: %s)", out.OutputName(), strings.Join(cols, ", ")), bad, len(rows))
}

// AcceptedValues fails the test unless every value of column col is one
// of values, compared by value (1 matches an int64 1 and a decimal 1.00;
// a string never matches a number). NULLs pass, as in dbt.
func AcceptedValues(tb testing.TB, out Output, col string, values ...any) {
	tb.Helper()
	rows := readOutput(tb, out, col)
	ok := map[string]bool{}
	for _, v := range values {
		ok[canonical(v)] = true
	}
	var bad []map[string]any
	for _, r := range rows {
		if r[col] != nil && !ok[canonical(r[col])] {
			bad = append(bad, r)
		}
	}
	want := make([]string, len(values))
	for i, v := range values {
		want[i] = canonical(v)
	}
	failRows(tb, fmt.Sprintf("AcceptedValues(%s: %s in %s)", out.OutputName(), col, strings.Join(want, ", ")), bad, len(rows))
}

// Relationship fails the test unless every value of column col of child is
// a value of column field of parent (a foreign key between two outputs,
// dbt's relationships test). NULLs in child pass.
func Relationship(tb testing.TB, child Output, col string, parent Output, field string) {
	tb.Helper()
	rows := readOutput(tb, child, col)
	keys := map[string]bool{}
	for _, r := range readOutput(tb, parent, field) {
		if r[field] != nil {
			keys[canonical(r[field])] = true
		}
	}
	var bad []map[string]any
	for _, r := range rows {
		if r[col] != nil && !keys[canonical(r[col])] {
			bad = append(bad, r)
		}
	}
	failRows(tb, fmt.Sprintf("Relationship(%s.%s → %s.%s): not in %s", child.OutputName(), col,
		parent.OutputName(), field, parent.OutputName()), bad, len(rows))
}

// Fresh fails the test unless the latest value of the timestamp column col
// of out is within d before now (the run's clock, rt.Now(), or a
// watermark, rt.Watermark(query)). It fails when out has no value in col.
func Fresh(tb testing.TB, out Output, col string, now time.Time, d time.Duration) {
	tb.Helper()
	rows := readOutput(tb, out, col)
	var latest time.Time
	var n int
	for _, r := range rows {
		t, ok := r[col].(time.Time)
		if !ok {
			continue
		}
		n++
		if t.After(latest) {
			latest = t
		}
	}
	name := fmt.Sprintf("Fresh(%s: %s within %s of %s)", out.OutputName(), col, d, now.UTC().Format(time.RFC3339Nano))
	switch {
	case n == 0:
		tb.Errorf("%s: no row of %d has a timestamp in %s", name, len(rows), col)
	case now.Sub(latest) > d:
		tb.Errorf("%s: the latest %s is %s, %s old", name, col, latest.UTC().Format(time.RFC3339Nano), now.Sub(latest))
	}
}

// readOutput reads out's rows and fails the test at once when a column is
// not one of its columns (rows with no columns at all prove nothing).
func readOutput(tb testing.TB, out Output, cols ...string) []map[string]any {
	tb.Helper()
	rows := out.Maps()
	if len(rows) == 0 {
		return nil
	}
	for _, c := range cols {
		if _, ok := rows[0][c]; !ok {
			have := slices.Sorted(maps.Keys(rows[0]))
			hint := "columns: " + strings.Join(have, ", ")
			if s := diag.ClosestOne(c, have); s != "" {
				hint = "did you mean " + s + "?"
			}
			tb.Fatalf("testkit: %s has no column %s (%s)", out.OutputName(), c, hint)
		}
	}
	return rows
}

// keyOf is the canonical key of the columns, false when one is NULL.
func keyOf(r map[string]any, cols []string) (string, bool) {
	parts := make([]string, len(cols))
	for i, c := range cols {
		if r[c] == nil {
			return "", false
		}
		parts[i] = canonical(r[c])
	}
	return strings.Join(parts, ","), true
}

// canonical renders a value so that equal values render alike: numbers of
// any Go type by their decimal value, strings quoted, timestamps in UTC.
func canonical(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(x)
	case decimal.Decimal:
		return x.String()
	case time.Time:
		return strconv.Quote(x.UTC().Format(time.RFC3339Nano))
	case contracts.Date:
		return strconv.Quote(x.String())
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return fmt.Sprint(x)
	case float32:
		return canonical(float64(x))
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return strconv.FormatFloat(x, 'g', -1, 64)
		}
		return decimal.NewFromFloat(x).String() // 1.0 matches 1
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return string(b)
}

// failRows fails the test when bad is not empty, listing the first
// MaxListedRows offending rows (sorted) and how many there are.
func failRows(tb testing.TB, title string, bad []map[string]any, total int) {
	tb.Helper()
	if len(bad) == 0 {
		return
	}
	lines := make([]string, len(bad))
	for i, r := range bad {
		lines[i] = rowKeys([]map[string]any{r})[0]
	}
	slices.Sort(lines)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s of %d offend", title, diag.Count(len(bad), "row", "rows"), total)
	if len(lines) > MaxListedRows {
		fmt.Fprintf(&b, " (the first %d listed)", MaxListedRows)
		lines = lines[:MaxListedRows]
	}
	b.WriteString(":\n")
	for _, l := range lines {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	tb.Error(b.String())
}
