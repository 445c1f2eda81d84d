package e2e_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain removes the etlgen binary the pipeline tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if etlgenBin != "" {
		_ = os.RemoveAll(filepath.Dir(etlgenBin))
	}
	os.Exit(code)
}
