package ir

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseJSONPath: the steps of paths in the subset, and the offset of
// the first problem of the others.
func TestParseJSONPath(t *testing.T) {
	tests := []struct {
		path   string
		want   []JSONStep
		offset int // of the problem; -1 when the path is accepted
	}{
		{"$", nil, -1},
		{"$.a.b_1", []JSONStep{{Key: "a"}, {Key: "b_1"}}, -1},
		{"$._x", []JSONStep{{Key: "_x"}}, -1},
		{"$['a b'][0]", []JSONStep{{Key: "a b"}, {Index: 0, IsIndex: true}}, -1},
		{`$["a.b"].c[12]`, []JSONStep{{Key: "a.b"}, {Key: "c"}, {Index: 12, IsIndex: true}}, -1},
		{"$['é😀']", []JSONStep{{Key: "é😀"}}, -1},
		{"a", nil, 0},
		{"", nil, 0},
		{"$.", nil, 2},
		{"$.1a", nil, 2},
		{"$.a-b", nil, 3},
		{"$.*", nil, 2},
		{"$..a", nil, 2},
		{"$[-1]", nil, 2},
		{"$[01]", nil, 2},
		{"$[]", nil, 2},
		{"$[1", nil, 2},
		{"$[2147483648]", nil, 2},
		{"$['a", nil, 2},
		{"$['']", nil, 3},
		{`$['a\'b']`, nil, 2},
		{`$['a"b']`, nil, 3},
		{"$a", nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			got, err := ParseJSONPath(tt.path)
			var pe *JSONPathError
			switch {
			case tt.offset < 0 && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.offset >= 0 && !errors.As(err, &pe):
				t.Fatalf("accepted as %+v, want a problem at byte %d", got, tt.offset)
			case tt.offset >= 0 && pe.Offset != tt.offset:
				t.Errorf("problem at byte %d (%s), want %d", pe.Offset, pe.Problem, tt.offset)
			case tt.offset < 0:
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("steps (-want +got):\n%s", diff)
				}
			}
		})
	}
}
