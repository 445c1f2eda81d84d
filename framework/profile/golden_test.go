package profile

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
	goldenfile "github.com/etlgen/etlgen/internal/golden"
)

// golden compares got with the file at path, or rewrites it under -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	goldenfile.Check(t, path, got)
}

// render renders diagnostics one per line, as the CLI prints them.
func render(l diag.List) []byte {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return []byte(b.String())
}
