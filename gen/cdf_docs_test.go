package gen

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCDFDocsParseWithMermaid: the example's generated CDF diagrams (the
// ones docs/cdf.md shows) parse with mermaid's parser, as a flowchart and a
// sequence diagram.
func TestCDFDocsParseWithMermaid(t *testing.T) {
	data, err := os.ReadFile("../examples/customer-cdf/docs/customer-cdf.cdf.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```mermaid\n(.*?)```").FindAllStringSubmatch(string(data), -1)
	if len(blocks) != 2 {
		t.Fatalf("found %d mermaid blocks, want 2 (data flow, checkpoint lifecycle)", len(blocks))
	}
	var files []string
	for i, b := range blocks {
		f := filepath.Join(t.TempDir(), "cdf"+string(rune('0'+i))+".mmd")
		if err := os.WriteFile(f, []byte(b[1]), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	out, err := parseMermaid(t, files...)
	if err != nil {
		t.Fatalf("mermaid rejected the CDF diagrams: %v\n%s", err, out)
	}
	if !strings.Contains(out, "flowchart") || !strings.Contains(out, "sequence") || strings.Count(out, "ok ") != 2 {
		t.Errorf("mermaid output:\n%s", out)
	}
}

// TestCDFDocsOnlyForChangeMerges: pipelines without a CDF MERGE get no
// diagrams; one with a CDF MERGE query (testdata/cdf_merge: the
// customer-cdf example's IR and Spark profile) gets both, with its
// checkpoint, keys, starting version and the change-filter step named as
// such.
func TestCDFDocsOnlyForChangeMerges(t *testing.T) {
	files, err := CDFDocs{}.Generate(context.Background(), pipelineModel(t, "testdata/pipeline_bound"))
	if err != nil || len(files) != 0 {
		t.Fatalf("a pipeline without a CDF MERGE: files = %v, %v; want none", files, err)
	}
	m := pipelineModel(t, "testdata/cdf_merge")
	if err := m.Diagnostics.Err(); err != nil {
		t.Fatal(err)
	}
	files, err = CDFDocs{}.Generate(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != "customer-cdf.cdf.md" {
		t.Fatalf("files = %v, want only customer-cdf.cdf.md", files)
	}
	got := string(files[0].Data)
	for _, want := range []string{"Change filter: keep-customer-changes", "Transformer: normalize-customer-contacts",
		"keys customer_id", "startingVersion=0", "Checkpoint s3a://warehouse/checkpoints/customer-cdf/v1/local-stack/customers",
		"Use startingVersion=0", "Streaming query customers (available-now)", "SINK -->|\"MERGE\"| TGT"} {
		if !strings.Contains(got, want) {
			t.Errorf("diagrams lack %q:\n%s", want, got)
		}
	}
}

// TestCDFDocsQuoteNames: names in the fragment's HTML comment and Markdown
// headings stay on their line and inert: no line break, no HTML, no code
// span or fence, no "-->" that would close the comment.
func TestCDFDocsQuoteNames(t *testing.T) {
	for _, s := range hostile {
		s += "\n```\n<!-- x --> `y` [z](u) *w*"
		md := markdownText(s)
		for _, bad := range []string{"\n", "\r", "\u2028", "\u2029", "\x00", "\u0085", "<", ">"} {
			if strings.Contains(md, bad) {
				t.Errorf("markdownText(%q) = %q keeps %q", s, md, bad)
			}
		}
		if regexp.MustCompile("(^|[^\\\\])[`*\\[\\]]").MatchString(md) {
			t.Errorf("markdownText(%q) = %q keeps an unescaped markup character", s, md)
		}
		c := htmlCommentText(s)
		if strings.Contains(c, "--") || strings.ContainsAny(c, "<>\n\r\x00\u2028") {
			t.Errorf("htmlCommentText(%q) = %q can end the comment or the line", s, c)
		}
	}
	if got, want := markdownText("a_b <c> & `d`"), "a\\_b &lt;c&gt; &amp; \\`d\\`"; got != want {
		t.Errorf("markdownText = %q, want %q", got, want)
	}
}
