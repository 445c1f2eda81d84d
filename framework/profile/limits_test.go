package profile

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/diag"
)

// testHeader is a minimal valid test profile to which cases append keys.
const testHeader = "name: t\nengine: local\ntest: true\nexecution: {checkpoint_root: ck}\n"

// onlyCode fails unless diags is exactly one diagnostic of code at line:col
// (col 0: any column) and the profile was not decoded.
func onlyCode(t *testing.T, p *Profile, diags diag.List, code string, line, col int) {
	t.Helper()
	if p != nil || len(diags) != 1 || diags[0].Code != code || diags[0].Pos.Line != line || (col != 0 && diags[0].Pos.Column != col) {
		t.Fatalf("want only %s at %d:%d and no profile (got profile %t):\n%s", code, line, col, p != nil, render(diags))
	}
}

// TestAliasCycle: an alias inside the node it refers to is ETL-P319 at the
// alias, for merge keys (the 44-byte reproducer of issue 14 overflowed the
// stack), merged lists and plain values.
func TestAliasCycle(t *testing.T) {
	for name, tt := range map[string]struct {
		src       string
		line, col int
	}{
		"merge":      {"name: x\nengine: local\nexecution: &e\n  <<: *e\n", 4, 7},
		"merge-list": {testHeader + "assets: &a\n  x: {<<: [*a]}\n", 6, 12},
		"value":      {testHeader + "resources: &r\n  spark: {conf: *r}\n", 6, 17},
		"root":       {"&r\nname: x\nengine: local\nx: *r\n", 4, 4},
	} {
		t.Run(name, func(t *testing.T) {
			p, diags := Parse("t.yaml", []byte(tt.src))
			onlyCode(t, p, diags, CodeAliasCycle, tt.line, tt.col)
		})
	}
}

// bomb returns a profile whose execution merges levels of aliases, each
// level referring fan times to the one before: fan^levels expanded nodes.
func bomb(levels, fan int) string {
	var b strings.Builder
	b.WriteString("name: x\nengine: local\nl0: &l0 {k: 1}\n")
	for i := 1; i <= levels; i++ {
		refs := strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d,", i-1), fan), ",")
		fmt.Fprintf(&b, "l%d: &l%d {<<: [%s]}\n", i, i, refs)
	}
	fmt.Fprintf(&b, "execution: {<<: *l%d, checkpoint_root: /tmp/c}\n", levels)
	return b.String()
}

// TestAliasBomb: the 587-byte, 9-level merge-key bomb (a 8-level one took
// 65 s of CPU before) and an 11-level one are ETL-P320 at the first alias
// past the limit, at once.
func TestAliasBomb(t *testing.T) {
	for _, levels := range []int{9, 11} {
		src := bomb(levels, 10)
		start := time.Now()
		p, diags := Parse("t.yaml", []byte(src))
		onlyCode(t, p, diags, CodeExpansionLimit, 8, 0)
		if el := time.Since(start); el > 2*time.Second {
			t.Errorf("%d levels (%d bytes) took %v", levels, len(src), el)
		}
	}
	if p, diags := Parse("t.yaml", []byte(bomb(3, 10))); p == nil || slices.Contains(sortedCodes(diags), CodeExpansionLimit) {
		t.Errorf("3 levels (~2 000 expanded nodes) are decoded:\n%s", render(diags))
	}
}

// seqOf returns a flow sequence of n integers: n+1 nodes.
func seqOf(n int) string { return "[" + strings.TrimSuffix(strings.Repeat("1,", n), ",") + "]" }

// TestNodeLimits: MaxNodes, MaxExpandedNodes and MaxDepth each allow their
// value and report the first node past it.
func TestNodeLimits(t *testing.T) {
	nested := func(levels int) string { // root + levels-1 nested mappings
		return strings.Repeat("{a: ", levels-1) + "1" + strings.Repeat("}", levels-1)
	}
	chain := func(links int) string { // each mapping merges the one before: links+3 levels
		var b strings.Builder
		b.WriteString("c0: &c0 {k: 1}\n")
		for i := 1; i <= links; i++ {
			fmt.Fprintf(&b, "c%d: &c%d {<<: *c%d}\n", i, i, i-1)
		}
		return b.String()
	}
	// expand: a root sequence holding a sequence of k items, then aliases.
	expand := func(k, aliases int) string {
		return "[&s " + seqOf(k) + strings.Repeat(", *s", aliases) + "]"
	}
	for name, tt := range map[string]struct {
		src  string
		code string // "" : within the limits
	}{
		"nodes at limit":     {seqOf(MaxNodes - 1), ""},
		"nodes past limit":   {seqOf(MaxNodes), CodeTooManyNodes},
		"expanded at limit":  {expand(999, (MaxExpandedNodes-1001)/1000), ""},
		"expanded past":      {expand(999, (MaxExpandedNodes-1001)/1000+1), CodeExpansionLimit},
		"depth at limit":     {nested(MaxDepth), ""},
		"depth past limit":   {nested(MaxDepth + 1), CodeTooDeep},
		"merge chain at":     {chain(MaxDepth - 3), ""},
		"merge chain past":   {chain(MaxDepth - 2), CodeTooDeep},
		"yaml.v3 own limit":  {strings.Repeat("[", 10001) + strings.Repeat("]", 10001), CodeSyntax},
		"alias of a scalar":  {"a: &x 1\nb: *x\n", ""},
		"unused deep anchor": {"a: &x " + nested(MaxDepth-1) + "\n", ""},
	} {
		t.Run(name, func(t *testing.T) {
			d := &decoder{file: "t.yaml"}
			root := d.document([]byte(tt.src))
			if tt.code == CodeSyntax {
				if root != nil || len(d.diags) != 1 || d.diags[0].Code != CodeSyntax {
					t.Fatalf("want %s:\n%s", CodeSyntax, render(d.diags))
				}
				return
			}
			ok := root != nil && d.checkTree(root)
			if got := sortedCodes(d.diags); (tt.code == "") != ok || (tt.code != "" && (len(got) != 1 || got[0] != tt.code)) {
				t.Fatalf("want %q (decodable %t), got:\n%s", tt.code, tt.code == "", render(d.diags))
			}
		})
	}
}

// TestMultipleDocuments: a profile is one YAML document; a second one is
// ETL-P324 where it starts (it was silently ignored), a syntax error in it
// ETL-P301. A leading `---` and a closing `...` are one document.
func TestMultipleDocuments(t *testing.T) {
	p, diags := Parse("t.yaml", []byte(testHeader+"---\nname: other\n"))
	onlyCode(t, p, diags, CodeMultipleDocuments, 5, 0)
	p, diags = Parse("t.yaml", []byte(testHeader+"---\n"))
	onlyCode(t, p, diags, CodeMultipleDocuments, 5, 0)
	p, diags = Parse("t.yaml", []byte(testHeader+"--- [\n"))
	onlyCode(t, p, diags, CodeSyntax, 5, 0)
	for _, src := range []string{"---\n" + testHeader, testHeader + "...\n", "# comment\n---\n" + testHeader + "...\n# end\n"} {
		if p, diags := Parse("t.yaml", []byte(src)); p == nil || len(diags) != 0 {
			t.Errorf("%q: want one clean document, got:\n%s", src, render(diags))
		}
	}
}

// allocated returns the bytes fn allocates.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestSizeLimit: a profile over MaxBytes is ETL-P321 before parsing, so
// memory stays small on huge input: 5 M unknown keys (the reproducer took
// > 2.4 GB) allocate nothing, a 1 GiB file is read no further than the
// limit, and the worst input at the limit stays far below what it cost.
func TestSizeLimit(t *testing.T) {
	p, diags := Parse("t.yaml", []byte(testHeader+strings.Repeat("#", MaxBytes-len(testHeader))))
	if p == nil || len(diags) != 0 {
		t.Fatalf("a profile of exactly MaxBytes parses:\n%s", render(diags))
	}
	var keys strings.Builder
	keys.WriteString(testHeader)
	for i := 0; i < 5_000_000; i++ {
		fmt.Fprintf(&keys, "k%d: 1\n", i)
	}
	huge := []byte(keys.String())
	n := allocated(func() { p, diags = Parse("t.yaml", huge) })
	t.Logf("%d bytes of keys: %d bytes allocated", len(huge), n)
	if n > 64<<10 {
		t.Errorf("parsing %d bytes allocated %d bytes", len(huge), n)
	}
	onlyCode(t, p, diags, CodeTooLarge, 0, 0)

	file := filepath.Join(t.TempDir(), "huge.yaml")
	if err := os.WriteFile(file, []byte(testHeader), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(file, 1<<30); err != nil {
		t.Fatal(err)
	}
	var err error
	n = allocated(func() { p, diags, err = Load(file) })
	t.Logf("a 1 GiB file: %d bytes allocated", n)
	if err != nil || n > 4*MaxBytes {
		t.Errorf("loading a 1 GiB file allocated %d bytes (error %v)", n, err)
	}
	onlyCode(t, p, diags, CodeTooLarge, 0, 0)

	keys.Reset()
	for i := 0; keys.Len() < MaxBytes-16; i++ {
		fmt.Fprintf(&keys, "k%d: 1\n", i)
	}
	n = allocated(func() { p, diags = Parse("t.yaml", []byte(keys.String())) })
	t.Logf("%d bytes of keys at the limit: %d bytes allocated", keys.Len(), n)
	if n > 32<<20 {
		t.Errorf("parsing %d bytes of keys allocated %d MB", keys.Len(), n>>20)
	}
	onlyCode(t, p, diags, CodeTooManyNodes, MaxNodes/2, 8) // the value of the 10 000th key: node 20 001
}
