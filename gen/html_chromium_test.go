package gen

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// cspMeta is the policy every page carries: inline style and script only,
// data: images, nothing else, so any network request is blocked and logged.
const cspMeta = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">`

// chromium runs headless Chromium on a local page with extra arguments and
// returns stdout and the log (stderr, with console messages).
func chromium(t *testing.T, page string, args ...string) (stdout, log string) {
	t.Helper()
	bin := requireTool(t, "chromium")
	abs, err := filepath.Abs(page)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0", "--hide-scrollbars",
		"--window-size=1280,1600", "--virtual-time-budget=3000"}
	cmd := exec.CommandContext(ctx, bin, append(append(base, args...), "file://"+abs)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %s: %v\n%s", page, err, errb.String())
	}
	return out.String(), errb.String()
}

// consoleLine matches a console message or a failed request in the log.
var consoleLine = regexp.MustCompile(`(?m)^.*(:CONSOLE[:(]|net::ERR_|Refused to|violates the following Content Security Policy).*$`)

// pageProblems lists console messages, CSP violations and failed requests.
func pageProblems(log string) []string { return consoleLine.FindAllString(log, -1) }

func TestHTMLRendersInChromium(t *testing.T) {
	for _, f := range docsFiles(t, ".html") {
		t.Run(f, func(t *testing.T) {
			src := mustRead(t, f)
			if !bytes.HasPrefix(src, []byte("<!-- "+Header+" -->\n")) || !bytes.Contains(src, []byte(cspMeta)) {
				t.Fatalf("%s lacks the generated-file header or the CSP meta tag", f)
			}
			dom, log := chromium(t, f, "--dump-dom")
			if p := pageProblems(log); len(p) > 0 {
				t.Errorf("the page logged %d problem(s):\n%s", len(p), strings.Join(p, "\n"))
			}
			if !strings.Contains(dom, `data-ready="true"`) {
				t.Error("the page's script did not run to the end")
			}
			svg := regexp.MustCompile(`(?s)<svg[^>]*>(.*?)</svg>`).FindStringSubmatch(dom)
			if svg == nil || strings.Count(svg[1], "<rect") < 5 || strings.Count(svg[1], "<path") < 5 {
				t.Fatalf("the graph did not render: no SVG with nodes and edges in the DOM")
			}
			if n := strings.Count(dom, "<script"); n != 1 {
				t.Errorf("the DOM has %d script elements, want 1 (injected markup?)", n)
			}
			if !strings.Contains(f, "examples/") && !strings.Contains(f, "pipeline_bound") && !strings.Contains(f, "pipeline_hostile") {
				return // one screenshot per kind of page keeps the test fast
			}
			png := filepath.Join(t.TempDir(), "page.png")
			chromium(t, f, "--screenshot="+png)
			if st, err := os.Stat(png); err != nil || st.Size() < 20000 {
				t.Errorf("screenshot missing or blank: %v", err)
			}
			if dir := os.Getenv("ETLGEN_SCREENSHOTS"); dir != "" {
				data := mustRead(t, png)
				_ = os.WriteFile(filepath.Join(dir, strings.NewReplacer("/", "_", ".", "_").Replace(f)+".png"), data, 0o644)
			}
		})
	}
}

// TestChromiumCheckCatchesProblems shows the console and network checks can
// fail: a page with an error, a remote image and a remote stylesheet.
func TestChromiumCheckCatchesProblems(t *testing.T) {
	page := filepath.Join(t.TempDir(), "bad.html")
	bad := "<!DOCTYPE html><html><head>" + cspMeta + `<link rel="stylesheet" href="https://fonts.example.invalid/a.css"></head>` +
		`<body><img src="http://example.invalid/x.png"><script>console.error("boom")</script></body></html>`
	if err := os.WriteFile(page, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, log := chromium(t, page, "--dump-dom")
	p := strings.Join(pageProblems(log), "\n")
	for _, want := range []string{"boom", "example.invalid/x.png", "fonts.example.invalid"} {
		if !strings.Contains(p, want) {
			t.Errorf("the check missed %q; problems:\n%s", want, p)
		}
	}
}

// TestHTMLIsSelfContained checks the markup itself: links are in-page
// anchors or relative links into the docs site (site_test.go checks they
// resolve), an external link is only a contract's support channel, and
// nothing is loaded by URL.
func TestHTMLIsSelfContained(t *testing.T) {
	for _, f := range docsFiles(t, ".html") {
		src := string(mustRead(t, f))
		for _, l := range pageLinks(src) {
			if problem := l.problem(); problem != "" {
				t.Errorf("%s: %s", f, problem)
			}
		}
		for _, bad := range []string{"@import", "@font-face", "<img", "<link", "<iframe", "<object"} {
			if strings.Contains(src, bad) {
				t.Errorf("%s contains %q", f, bad)
			}
		}
		if n, ok := strings.Count(src, "url("), strings.Count(src, "url(#arrow)"); n != ok {
			t.Errorf("%s: %d url() references outside the page", f, n-ok)
		}
	}
}
