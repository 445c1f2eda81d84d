package gen

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// writeSite writes the files of a site case under a temporary directory.
func writeSite(t *testing.T, files map[string][]byte) string {
	t.Helper()
	root := t.TempDir()
	for p, data := range files {
		f := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// resultItem matches one search result in the DOM: its kind and name.
var resultItem = regexp.MustCompile(`<li><span class="badge b-[a-z]+">([a-z]+)</span><a href="[^"]*">([^<]*)</a><span class="d">([^<]*)</span></li>`)

// TestSiteRendersInChromium opens the site in headless Chromium: the index
// renders its lineage graph, a search given as #q= filters the results,
// every contract page renders, and no page logs a problem or a request.
func TestSiteRendersInChromium(t *testing.T) {
	for _, c := range []struct {
		name, site, query string
		want              []string // names every result must have one of, in name or detail
		min               int
	}{
		{"field", "site_project", "order_total", []string{"order_total"}, 3},
		{"two_terms", "site_project", "window%20archive", []string{"window", "archive"}, 2},
		{"none", "site_project", "no-such-thing-anywhere", nil, 0},
		{"hostile", "site_hostile", "%3C%2Fscript%3E", []string{"&lt;/script&gt;"}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			files := siteFiles(t, siteCases[c.site](t))
			root := writeSite(t, files)
			dom, log := chromium(t, filepath.Join(root, "index.html")+"#q="+c.query, "--dump-dom")
			checkPage(t, dom, log)
			svg := regexp.MustCompile(`(?s)<svg[^>]*aria-label="lineage across pipelines"[^>]*>(.*?)</svg>`).FindStringSubmatch(dom)
			if svg == nil || strings.Count(svg[1], "<rect") < 4 || strings.Count(svg[1], "<path") < 4 {
				t.Fatal("the lineage graph did not render")
			}
			count := regexp.MustCompile(`<ul id="results" data-count="(\d+)">`).FindStringSubmatch(dom)
			if c.min == 0 {
				if count == nil || count[1] != "0" {
					t.Errorf("a search for %q: want no results, got %v", c.query, count)
				}
				return
			}
			items := resultItem.FindAllStringSubmatch(dom, -1)
			if count == nil || len(items) < c.min || strconv.Itoa(len(items)) != count[1] {
				t.Fatalf("a search for %q: %d results shown, count %v, want at least %d", c.query, len(items), count, c.min)
			}
			for _, it := range items {
				text := strings.ToLower(it[1] + " " + it[2] + " " + it[3])
				for _, w := range c.want {
					if !strings.Contains(text, w) {
						t.Errorf("result %q does not hold %q", it[0], w)
					}
				}
			}
		})
	}
}

// TestSiteContractPagesRenderInChromium opens every contract page of each
// site case.
func TestSiteContractPagesRenderInChromium(t *testing.T) {
	for name, project := range siteCases {
		files := siteFiles(t, project(t))
		root := writeSite(t, files)
		for p := range files {
			if !strings.HasPrefix(p, "contracts/") {
				continue
			}
			t.Run(name+"/"+strings.TrimPrefix(p, "contracts/"), func(t *testing.T) {
				dom, log := chromium(t, filepath.Join(root, filepath.FromSlash(p)), "--dump-dom")
				checkPage(t, dom, log)
				if !strings.Contains(dom, `id="column-lineage"`) || !strings.Contains(dom, `id="fields"`) {
					t.Error("the contract page lacks its fields or column lineage")
				}
			})
		}
	}
	if dir := os.Getenv("ETLGEN_SCREENSHOTS"); dir != "" {
		root := writeSite(t, siteFiles(t, testProject(t)))
		for _, p := range []string{"index.html", "contracts/customer-order-window.html", "archive/window-archive.html"} {
			chromium(t, filepath.Join(root, filepath.FromSlash(p)), "--screenshot="+filepath.Join(dir, "site_"+strings.NewReplacer("/", "_", ".", "_").Replace(p)+".png"))
		}
	}
}

// checkPage fails on a page that logged a problem or whose script did not
// finish.
func checkPage(t *testing.T, dom, log string) {
	t.Helper()
	if p := pageProblems(log); len(p) > 0 {
		t.Errorf("the page logged %d problem(s):\n%s", len(p), strings.Join(p, "\n"))
	}
	if !strings.Contains(dom, `data-ready="true"`) {
		t.Error("the page's script did not run to the end")
	}
	if n := strings.Count(dom, "<script"); n != 1 {
		t.Errorf("the DOM has %d script elements, want 1 (injected markup?)", n)
	}
}
