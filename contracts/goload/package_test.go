package goload

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/diag"
)

func TestParseErrorPos(t *testing.T) {
	tests := map[string]diag.Position{
		"":                 {},
		"-":                {},
		"/a/b.go:3:4":      {File: "/a/b.go", Line: 3, Column: 4},
		"/a/b.go:3":        {File: "/a/b.go", Line: 3},
		"C:/a/b.go:3:4":    {File: "C:/a/b.go", Line: 3, Column: 4},
		"/a/dir":           {File: "/a/dir"},
		"/a/x:y.go:10:2":   {File: "/a/x:y.go", Line: 10, Column: 2},
		"/a/b.go:line:col": {File: "/a/b.go:line:col"},
	}
	for in, want := range tests {
		if diff := cmp.Diff(want, parseErrorPos(in)); diff != "" {
			t.Errorf("parseErrorPos(%q) (-want +got):\n%s", in, diff)
		}
	}
}
