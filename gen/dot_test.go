package gen

import (
	"bytes"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// renderDOT runs Graphviz on src and returns the SVG.
func renderDOT(t *testing.T, src []byte) ([]byte, error) {
	t.Helper()
	cmd := exec.Command(requireTool(t, "dot"), "-Tsvg")
	cmd.Stdin = bytes.NewReader(src)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, &exec.ExitError{Stderr: errb.Bytes()}
	}
	if errb.Len() > 0 {
		return out.Bytes(), &exec.ExitError{Stderr: errb.Bytes()}
	}
	return out.Bytes(), nil
}

func TestDOTRendersWithGraphviz(t *testing.T) {
	for _, f := range docsFiles(t, ".dot") {
		src := mustRead(t, f)
		svg, err := renderDOT(t, src)
		if err != nil {
			t.Errorf("%s: dot -Tsvg: %v: %s", f, err, err.(*exec.ExitError).Stderr)
			continue
		}
		nodes := bytes.Count(src, []byte("shape="))
		if got := bytes.Count(svg, []byte(`class="node"`)); got != nodes || nodes < 5 {
			t.Errorf("%s: SVG has %d nodes, the DOT declares %d", f, got, nodes)
		}
		if !bytes.Contains(svg, []byte("<svg")) || !bytes.Contains(svg, []byte(`class="edge"`)) {
			t.Errorf("%s: SVG without graph or edges", f)
		}
	}
}

func TestDOTQuoteSurvivesGraphviz(t *testing.T) {
	var b strings.Builder
	b.WriteString("digraph g {\n")
	for i, s := range hostile {
		b.WriteString("  n" + strconv.Itoa(i) + " [label=" + DOTQuote(s) + "];\n")
	}
	b.WriteString("}\n")
	svg, err := renderDOT(t, []byte(b.String()))
	if err != nil {
		t.Fatalf("quoted hostile labels: %v: %s\n%s", err, err.(*exec.ExitError).Stderr, b.String())
	}
	for _, want := range []string{"say &quot;hi&quot;", "&lt;script&gt;alert(1)&lt;/script&gt;", "a &amp; b", `back\slash`, "a#35;b"} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("SVG lacks the literal text %q", want)
		}
	}
	// The check can fail: the same label without quoting is a syntax error.
	if _, err := renderDOT(t, []byte(`digraph g { n [label="say "hi""]; }`)); err == nil {
		t.Error("an unquoted label rendered; the Graphviz check proves nothing")
	}
}

func TestDOTQuote(t *testing.T) {
	for in, want := range map[string]string{
		`plain`: `"plain"`, `say "hi"`: `"say \"hi\""`, `\N`: `"\\N"`, "a\nb": `"a\nb"`, "a\tb": `"a b"`, `a&b`: `"a&amp;b"`,
	} {
		if got := DOTQuote(in); got != want {
			t.Errorf("DOTQuote(%q) = %s, want %s", in, got, want)
		}
	}
}
