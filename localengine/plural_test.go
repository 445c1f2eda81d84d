package localengine

import (
	"strings"
	"testing"
)

// TestMessagesPluralise: messages that count say "1 window" and "1 such
// row", not "1 windows" and "1 such rows".
func TestMessagesPluralise(t *testing.T) {
	tests := []struct{ got, want string }{
		{WindowsText(1, 1, []string{"T"}), " in 1 of 1 window starting T"},
		{WindowsText(3, 2, []string{"T", "U"}), " in 2 of 3 windows starting T, U"},
		{(&StaticRowError{Asset: "a", Contract: "c", Rows: 1}).Error(), "(1 such row in this batch)"},
		{(&StaticRowError{Asset: "a", Contract: "c", Rows: 2}).Error(), "(2 such rows in this batch)"},
	}
	for _, tt := range tests {
		if !strings.HasSuffix(tt.got, tt.want) {
			t.Errorf("message %q, want it to end with %q", tt.got, tt.want)
		}
	}
}
