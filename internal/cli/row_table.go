package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"
	"unicode/utf8"

	"github.com/etlgen/etlgen/diag"
)

// maxCellRunes bounds a table cell; longer values end in "…".
const maxCellRunes = 40

// writeRowTable prints rows (JSON objects) as a table of columns, then a
// line saying how many more rows there are. Values are shown as JSON
// writes them, strings without their quotes; a value holding a control
// or other unprintable character is quoted with Go escapes, so data can
// never drive the terminal.
func writeRowTable(w io.Writer, columns []string, rows []json.RawMessage, total int64) {
	if len(rows) == 0 {
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	header := make([]string, len(columns))
	for i, c := range columns {
		header[i] = cell(c)
	}
	fmt.Fprintln(tw, "  "+strings.Join(header, "\t"))
	for _, r := range rows {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(r, &obj); err != nil {
			fmt.Fprintln(tw, "  "+cell(string(r)))
			continue
		}
		vals := make([]string, len(columns))
		for i, c := range columns {
			vals[i] = cellValue(obj[c])
		}
		fmt.Fprintln(tw, "  "+strings.Join(vals, "\t"))
	}
	tw.Flush()
	if more := total - int64(len(rows)); more > 0 {
		fmt.Fprintf(w, "  … and %d more\n", more)
	}
}

// cellValue renders one JSON value: strings unquoted, null and a missing
// column as null, the rest as JSON writes it.
func cellValue(v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "null"
	}
	if v[0] == '"' {
		var s string
		if json.Unmarshal(v, &s) == nil {
			return cell(s)
		}
	}
	return cell(string(v))
}

// printable makes s safe to print on a terminal: a string holding a tab,
// newline, escape or other unprintable rune (or invalid UTF-8) is quoted
// with Go escapes instead.
func printable(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }) >= 0 || !utf8.ValidString(s) {
		return strconv.QuoteToGraphic(s)
	}
	return s
}

// cell makes s safe (printable) and short for a table cell: at most
// maxCellRunes runes.
func cell(s string) string {
	s = printable(s)
	if utf8.RuneCountInString(s) > maxCellRunes {
		rs := []rune(s)
		s = string(rs[:maxCellRunes-1]) + "…"
	}
	return s
}

// rowCount says "1 row" or "n rows".
func rowCount(n int64) string { return diag.Count(int(n), "row", "rows") }
