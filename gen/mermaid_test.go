package gen

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// hostile are label texts that break naive quoting in Mermaid, DOT or HTML.
var hostile = []string{
	`say "hi"`, `a#35;b`, `#quot;`, `<script>alert(1)</script>`, `a & b`, "back`tick`",
	`pipe|pipe`, `back\slash`, "new\nline", "tab\tand\rcr", `]) --> x[(`, `}}{{`,
	`%% not a comment`, `end`, `style x fill:red`, `click x call alert()`, "unicode ✓ · é",
	"\u2028sep", `:::cls`, `;`, `"`, ``, `"""doc"""`, `*/ x /*`, `</script>`, `a --> b`, "para\u2029sep",
	"nul\x00byte", "nel\u0085line",
}

func TestMermaidLabelEscapes(t *testing.T) {
	for _, s := range hostile {
		got := MermaidLabel(s, "")
		for _, bad := range []string{`"`, "<", ">", "`", "|", "\n", "\r", "\t", "\u2028", "\u2029", "\x00", "\u0085"} {
			if strings.Contains(got, bad) {
				t.Errorf("MermaidLabel(%q) = %q keeps %q", s, got, bad)
			}
		}
		if strings.Contains(strings.ReplaceAll(got, "#", ""), "&") && strings.Contains(s, "&") {
			t.Errorf("MermaidLabel(%q) = %q keeps a raw &", s, got)
		}
	}
	if got, want := MermaidLabel(`a "b"`, "c#d"), `a #34;b#34;<br/>c#35;d`; got != want {
		t.Errorf("MermaidLabel = %q, want %q", got, want)
	}
}

// hostileFlowchart is a flowchart whose labels are the hostile strings,
// quoted with quote.
func hostileFlowchart(quote func(string) string) []byte {
	var b bytes.Buffer
	b.WriteString("flowchart LR\n")
	for i, s := range hostile {
		id := "n" + strings.Repeat("x", i)
		b.WriteString("    " + id + `["` + quote(s) + `"]` + "\n")
		if i > 0 {
			b.WriteString("    n -->|\"" + quote(s) + "\"| " + id + "\n")
		}
	}
	return b.Bytes()
}

// parseMermaid runs mermaid's parser over files and returns its output.
func parseMermaid(t *testing.T, files ...string) (string, error) {
	t.Helper()
	dir := nodeDir(t)
	cmd := exec.Command("node", "testdata/tools/mermaid-parse.mjs")
	cmd.Args = append(cmd.Args, files...)
	cmd.Env = append(os.Environ(), "ETLGEN_NODE_DIR="+dir)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func TestMermaidParsesWithMermaid(t *testing.T) {
	files := docsFiles(t, ".mmd")
	tmp := t.TempDir()
	escaped := filepath.Join(tmp, "hostile.mmd")
	if err := os.WriteFile(escaped, hostileFlowchart(func(s string) string { return MermaidLabel(s, "") }), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := parseMermaid(t, append(files, escaped)...)
	if err != nil {
		t.Fatalf("mermaid rejected generated flowcharts: %v\n%s", err, out)
	}
	if n := strings.Count(out, "ok "); n != len(files)+1 {
		t.Errorf("mermaid parsed %d files, want %d:\n%s", n, len(files)+1, out)
	}
	// Without the quoting function the same labels do not parse: the check
	// can fail.
	raw := filepath.Join(tmp, "raw.mmd")
	if err := os.WriteFile(raw, hostileFlowchart(func(s string) string { return s }), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := parseMermaid(t, raw); err == nil {
		t.Errorf("unquoted hostile labels parsed; the parser check proves nothing:\n%s", out)
	}
}
