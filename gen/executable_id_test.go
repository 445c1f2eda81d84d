package gen

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestGoBuildID: the build ID read from the test executable is the one
// `go tool buildid` prints, and stays when the file is only touched (as
// `go build -o` does to an up-to-date program).
func TestGoBuildID(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "tool", "buildid", exe).Output()
	if err != nil {
		t.Skipf("go tool buildid: %v", err)
	}
	want := strings.TrimSpace(string(out))
	if got := goBuildID(exe); got != want || want == "" {
		t.Fatalf("goBuildID = %q, want %q", got, want)
	}
	copied := t.TempDir() + "/prog"
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(copied, data, 0o755); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(copied, later, later); err != nil {
		t.Fatal(err)
	}
	if got := goBuildID(copied); got != want {
		t.Errorf("goBuildID of a touched copy = %q, want %q", got, want)
	}
}

// TestMarkedBuildID reads the ID after the marker of non-ELF executables.
func TestMarkedBuildID(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"marked", "\x00\x01\xff Go build ID: \"aB3/cD4/eF5/gH6\"\n \xff rest", "aB3/cD4/eF5/gH6"},
		{"no marker", "\x00\x01 Go build ID: \"x\"", ""},
		{"unterminated", "\xff Go build ID: \"aB3/cD4", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		if got := markedBuildID([]byte(tt.data)); got != tt.want {
			t.Errorf("%s: markedBuildID = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestGoBuildIDOfOtherFiles: a file that is no Go executable has no ID.
func TestGoBuildIDOfOtherFiles(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"text": "package main\n", "elf-header-only": "\x7fELF\x02\x01\x01"} {
		path := dir + "/" + name
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := goBuildID(path); got != "" {
			t.Errorf("%s: goBuildID = %q, want none", name, got)
		}
	}
	if got := goBuildID(dir + "/missing"); got != "" {
		t.Errorf("missing file: goBuildID = %q, want none", got)
	}
}
