package diag

import "testing"

func TestCount(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{0, "0 batches"},
		{1, "1 batch"},
		{2, "2 batches"},
	}
	for _, tt := range tests {
		if got := Count(tt.n, "batch", "batches"); got != tt.want {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestClosestOne(t *testing.T) {
	candidates := []string{"pipelines", "profiles", "contracts"}
	tests := []struct{ s, want string }{
		{"pipelnie", "pipelines"},
		{"profile", "profiles"},
		{"pipelines", ""}, // s itself is no suggestion
		{"warehouse", ""}, // nothing within two edits
	}
	for _, tt := range tests {
		if got := ClosestOne(tt.s, candidates); got != tt.want {
			t.Errorf("ClosestOne(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

func TestWithArticle(t *testing.T) {
	for noun, want := range map[string]string{"load": "a load", "extract": "an extract", "": "a "} {
		if got := WithArticle(noun); got != want {
			t.Errorf("WithArticle(%q) = %q, want %q", noun, got, want)
		}
	}
}
