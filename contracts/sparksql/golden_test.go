package sparksql

import (
	"path/filepath"
	"testing"

	goldenfile "github.com/etlgen/etlgen/internal/golden"
)

// golden compares got with testdata/<name>, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got)
}
