package cli

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// The --format values every command shares: text and json, plus sarif
// where diagnostics are the result.
const (
	formatText  = "text"
	formatJSON  = "json"
	formatSARIF = "sarif"
)

// formatAliases are the older names still accepted.
var formatAliases = map[string]string{"human": formatText, "": formatText}

// formatFlag registers --format (default text) with the values allowed.
func formatFlag(fs *flag.FlagSet, p *string, allowed ...string) {
	fs.StringVar(p, "format", formatText, "output `format`: "+orList(allowed)+" (human is accepted for text)")
}

// parseFormat checks a --format value against the values allowed,
// accepting the older aliases.
func parseFormat(s string, allowed ...string) (string, error) {
	if a, ok := formatAliases[s]; ok {
		s = a
	}
	if !slices.Contains(allowed, s) {
		return "", fmt.Errorf("--format %q: want %s", s, orList(allowed))
	}
	return s, nil
}

// diagFormat is the diag package's name of a parsed format.
func diagFormat(f string) diag.Format {
	switch f {
	case formatJSON:
		return diag.FormatJSON
	case formatSARIF:
		return diag.FormatSARIF
	}
	return diag.FormatText
}

// orList joins values as "a, b or c".
func orList(v []string) string {
	if len(v) < 2 {
		return strings.Join(v, "")
	}
	return strings.Join(v[:len(v)-1], ", ") + " or " + v[len(v)-1]
}
