package cli

import (
	"path/filepath"
	"testing"

	"github.com/etlgen/etlgen/diag"
)

// TestDisplayPathsFix: a diagnostic's fix names its file as the diagnostic
// does, relative to the working directory when inside it.
func TestDisplayPathsFix(t *testing.T) {
	abs, err := filepath.Abs("profile.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ file, want string }{
		{abs, "profile.yaml"},
		{"rel/profile.yaml", "rel/profile.yaml"},
		{"/elsewhere/profile.yaml", "/elsewhere/profile.yaml"},
	}
	for _, tc := range tests {
		l := displayPaths(diag.List{{Code: "ETL-S403", Pos: diag.Position{File: tc.file, Line: 9},
			Fix: diag.Fix{File: tc.file, Key: "assets.a.output_mode", Set: "append"}}})
		if l[0].Pos.File != tc.want || l[0].Fix.File != tc.want {
			t.Errorf("%s: position %s, fix %s, want %s", tc.file, l[0].Pos.File, l[0].Fix.File, tc.want)
		}
	}
}
