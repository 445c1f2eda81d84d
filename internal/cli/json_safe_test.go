package cli

import (
	"encoding/json"
	"testing"
)

// TestTerminalSafeJSON: C1 controls, bidi overrides and isolates,
// zero-width and tag characters (beyond the BMP) are escaped, the document
// decodes to the same value, and other text (accents, emoji, ASCII) stays.
func TestTerminalSafeJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain é 😀", `"plain é 😀"`},
		{"a\u0085b\u009bc", `"a\u0085b\u009bc"`},
		{"abc\u202Eevil\u202C", `"abc\u202eevil\u202c"`},
		{"x\u2066y\u2069\u200bz\ufeff", `"x\u2066y\u2069\u200bz\ufeff"`},
		{"tag\U000E0041", `"tag\udb40\udc41"`},
	}
	for _, tt := range tests {
		data, err := json.Marshal(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		got := terminalSafeJSON(data)
		if string(got) != tt.want {
			t.Errorf("terminalSafeJSON(%q) = %s, want %s", data, got, tt.want)
		}
		var back string
		if err := json.Unmarshal(got, &back); err != nil || back != tt.in {
			t.Errorf("%s decodes to %q (%v), want %q", got, back, err, tt.in)
		}
	}
	if got := string(terminalSafeJSON([]byte("\"a\xffb\""))); got != `"a\ufffdb"` {
		t.Errorf("invalid UTF-8: %s", got)
	}
}
