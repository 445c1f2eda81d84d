package cli

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeSection is the README section whose tested block TestInitRepository
// runs line by line.
const readmeSection = "## Use it in your repository"

// TestInitRepository runs the README's "Use it in your repository" block
// exactly: etlgen init into a temporary directory with a replace to this
// checkout, then go generate, go tool etlgen validate, go test and go tool
// etlgen compile in the new repository; then go mod tidy, which must change
// nothing (the tool directive keeps every module etlgen needs in go.mod
// and go.sum), and the daily loop again. No step may change go.mod or
// go.sum: what init wrote is complete.
func TestInitRepository(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a new module with the go tool")
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	lines := readmeBlock(t, filepath.Join(absRoot, "README.md"))
	work := t.TempDir()
	r := &scriptRunner{t: t, root: absRoot, dir: filepath.Join(work, "pipes"), cwd: absRoot}
	var loop []string // the lines after cd: the daily loop
	for _, line := range lines {
		r.run(line)
		if r.cwd == r.dir && !strings.HasPrefix(line, "cd ") {
			loop = append(loop, line)
		}
	}
	if r.cwd != r.dir || len(loop) < 4 {
		t.Fatalf("the README block does not cd into the new repository and run the loop: %q", lines)
	}
	checkScaffold(t, r.dir)
	r.run("go mod tidy")
	for _, line := range loop {
		r.run(line)
	}
	checkMakeLoop(t, r)
	checkTwoPipelines(t, r)
	r.command("bin/etlgen", "check", "--strict", "--format", "sarif")
	var sarif struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal([]byte(r.last), &sarif); err != nil || sarif.Version != "2.1.0" {
		t.Errorf("check --format sarif (the CI step) is not a SARIF 2.1.0 log: %v\n%s", err, r.last)
	}
}

// checkTwoPipelines adds a second pipeline package to the new repository
// as a user would — the clickstream example (a static dimension, session
// windows, late and quarantine outputs) under its own import path — lists
// it in etlgen.yaml, and runs the loop over both: check (CI's command)
// passes on every package × target with their tests, the contracts and
// the docs site are written for both, and check then finds them current.
func checkTwoPipelines(t *testing.T, r *scriptRunner) {
	t.Helper()
	addClickstream(t, r.root, r.dir)
	r.command("go", "generate", "./...")
	r.command("bin/etlgen", "check", "--strict") // make check
	for _, unit := range []string{"./pipeline@local", "./pipeline@spark", "./clickstream@local", "./clickstream@spark"} {
		if !regexp.MustCompile(`(?m)^ok +` + regexp.QuoteMeta(unit) + ` .*tests ok`).MatchString(r.last) {
			t.Errorf("make check: want %s ok with its tests:\n%s", unit, r.last)
		}
	}
	r.command("bin/etlgen", "contracts") // make docs
	r.command("bin/etlgen", "docs")
	r.command("bin/etlgen", "check", "--strict")
	if n := strings.Count(r.last, "contracts current"); n != 4 {
		t.Errorf("make check after make docs: %d units with their contracts current, want 4:\n%s", n, r.last)
	}
	index := string(readFile(t, filepath.Join(r.dir, "docs", "index.html")))
	for _, want := range []string{"paid-orders", "clickstream-sessions", `href="clickstream/clickstream-sessions.html"`} {
		if !strings.Contains(index, want) {
			t.Errorf("docs/index.html lacks %q", want)
		}
	}
}

// addClickstream copies the clickstream example (a static dimension,
// session windows, late and quarantine outputs) from the etlgen checkout
// at root into the repository at dir as its package ./clickstream, under
// the repository's import path, and lists it in etlgen.yaml with its
// local and spark targets.
func addClickstream(t testing.TB, root, dir string) {
	t.Helper()
	src := filepath.Join(root, "examples", "clickstream")
	dst := filepath.Join(dir, "clickstream")
	for _, rel := range []string{"contracts.go", "transformations.go", "pipeline.go", "pipeline_test.go", "helpers_test.go", "samples_test.go",
		"profiles/local.yaml", "profiles/spark.yaml", "testdata"} {
		copyTree(t, filepath.Join(src, rel), filepath.Join(dst, rel), func(b []byte) []byte {
			b = bytes.ReplaceAll(b, []byte(etlgenModule+"/examples/clickstream"), []byte("example.com/pipes/clickstream"))
			return bytes.ReplaceAll(b, []byte("go run "+etlgenTool+" gen"), []byte("go tool etlgen gen"))
		})
	}
	project := filepath.Join(dir, "etlgen.yaml")
	cfg := strings.Replace(string(readFile(t, project)), "\ndefault_target:",
		"\n  - package: ./clickstream\n    targets:\n      local: clickstream/profiles/local.yaml\n      spark: clickstream/profiles/spark.yaml\ndefault_target:", 1)
	if err := os.WriteFile(project, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyTree copies a file or a directory tree, passing each file's bytes
// through edit.
func copyTree(t testing.TB, src, dst string, edit func([]byte) []byte) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, edit(data), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// checkMakeLoop builds bin/etlgen with the Makefile from the checkout
// go.mod replaces etlgen with; validate then does not build it, nor does
// the Makefile of a repository requiring a release; the binary names the
// checkout and its git describe.
func checkMakeLoop(t *testing.T, r *scriptRunner) {
	t.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		t.Logf("no make: bin/etlgen built as CI builds it (%v)", err)
		r.command("go", "build", "-o", "bin/etlgen", etlgenTool)
		return
	}
	r.command("make", "bin/etlgen")
	r.command("make", "-n", "validate") // the checkout did not change since
	if strings.Contains(r.last, "go build") {
		t.Errorf("make -n validate after make bin/etlgen: want no build:\n%s", r.last)
	}
	r.command("make", "validate")
	if !strings.Contains(r.last, "ok   ./pipeline@local ") || !strings.Contains(r.last, "ok   ./pipeline@spark ") {
		t.Errorf("make validate: want an ok line per target of etlgen.yaml:\n%s", r.last)
	}
	release, err := renderScaffold("scaffold/Makefile.tmpl", scaffoldData{Module: "example.com/pipes"})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(r.dir, "release.mk"), release, 0o644); err != nil {
		t.Fatal(err)
	}
	r.command("make", "-f", "release.mk", "validate") // bin/etlgen is newer than go.mod and go.sum
	if strings.Contains(r.last, "go build") || !strings.Contains(r.last, "ok: 2 pipeline packages × targets") {
		t.Errorf("make validate of a repository requiring an etlgen release: want no build, an ok line per target:\n%s", r.last)
	}
	r.command("bin/etlgen", "version")
	want := "(devel) (replace " + r.root + ")"
	if out, err := exec.Command("git", "-C", r.root, "describe", "--tags", "--always", "--dirty").Output(); err == nil {
		want = strings.TrimSpace(string(out)) + " (replace " + r.root + ")"
	}
	if !strings.HasPrefix(r.last, "etlgen "+want+" ") {
		t.Errorf("bin/etlgen version = %q, want the checkout's describe and directory: %q", r.last, want)
	}
}

// readmeBlock returns the command lines of the first sh block of the
// README section, without comments.
func readmeBlock(t *testing.T, readme string) []string {
	t.Helper()
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n"+readmeSection+"\n")
	if !ok {
		t.Fatalf("README.md has no %q section", readmeSection)
	}
	const tested = "<!-- TestInitRepository runs the next block -->\n```sh\n"
	_, block, ok := strings.Cut(section, tested)
	block, _, closed := strings.Cut(block, "```")
	if !ok || !closed {
		t.Fatalf("README.md's %q section has no block after %q", readmeSection, tested)
	}
	var lines []string
	for _, l := range strings.Split(block, "\n") {
		l, _, _ = strings.Cut(l, "#")
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

// scriptRunner runs README lines: `go run ./cmd/etlgen ARGS` in-process
// (the same command line), `cd DIR`, and go commands in the current
// directory. ../pipes is the new repository; "." in the etlgen checkout
// is the checkout.
type scriptRunner struct {
	t              testing.TB
	root, dir, cwd string
	last           string // the stdout of the last command
}

func (r *scriptRunner) run(line string) {
	r.t.Helper()
	args := strings.Fields(line)
	for i, a := range args {
		switch {
		case a == "../pipes":
			args[i] = r.dir
		case a == "." && r.cwd == r.root:
			args[i] = r.root
		}
	}
	switch {
	case args[0] == "cd":
		r.cwd = args[1]
	case len(args) > 2 && args[0] == "go" && args[1] == "run" && args[2] == "./cmd/etlgen":
		code, stdout, stderr := runCLI(args[3:]...)
		if code != ExitOK {
			r.t.Fatalf("%s: exit %d\n%s%s", line, code, stdout, stderr)
		}
		r.last = stdout
	default:
		r.goCommand(line, args)
	}
}

// goCommand runs a go command in the new repository.
func (r *scriptRunner) goCommand(line string, args []string) {
	r.t.Helper()
	if args[0] != "go" || r.cwd != r.dir {
		r.t.Fatalf("%s: the test runs go commands in the new repository only", line)
	}
	r.command(args...)
}

// command runs a command in the new repository and checks that it
// changed neither go.mod nor go.sum.
func (r *scriptRunner) command(args ...string) {
	r.t.Helper()
	line := strings.Join(args, " ")
	mod, sum := readFile(r.t, filepath.Join(r.dir, "go.mod")), readFile(r.t, filepath.Join(r.dir, "go.sum"))
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = r.dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod "+os.Getenv("GOFLAGS"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		r.t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", line, err, stdout.String(), stderr.String())
	}
	r.last = stdout.String()
	if !bytes.Equal(mod, readFile(r.t, filepath.Join(r.dir, "go.mod"))) || !bytes.Equal(sum, readFile(r.t, filepath.Join(r.dir, "go.sum"))) {
		r.t.Errorf("%s changed go.mod or go.sum: etlgen init left them incomplete", line)
	}
}

// checkScaffold checks what CI and the Makefile of the new repository run.
func checkScaffold(t *testing.T, dir string) {
	t.Helper()
	tests := []struct {
		file string
		want []string
	}{
		{"go.mod", []string{"\ntool github.com/etlgen/etlgen/cmd/etlgen\n", "\nreplace github.com/etlgen/etlgen => "}},
		{"Makefile", []string{"\nETLGEN := bin/etlgen\n", "\nbin/etlgen: go.mod go.sum ", "\n\tgo build -ldflags=", " -o $@ github.com/etlgen/etlgen/cmd/etlgen\n",
			"\ngenerate:\n\tgo generate ./...\n", "\nvalidate: $(ETLGEN)\n\t$(ETLGEN) validate\n", "\ncheck: $(ETLGEN)\n\t$(ETLGEN) check --strict\n",
			"\ntest:\n\tgo test ./...\n", "\ndocs: $(ETLGEN)\n\t$(ETLGEN) contracts\n\t$(ETLGEN) docs\n"}},
		{"etlgen.yaml", []string{"\nversion: 1\n", "\n  - package: ./pipeline\n", "\n      local: profiles/local.yaml", "\n      spark: profiles/spark.yaml",
			"\ncontracts: {dir: contracts, target: spark}\n", "\nstate: state\n"}},
		{".gitignore", []string{"bin/\n"}},
		{".github/workflows/etlgen.yml", []string{"go generate ./...\n          git diff --exit-code\n",
			"run: go build -o bin/etlgen github.com/etlgen/etlgen/cmd/etlgen",
			"run: bin/etlgen check --strict --format sarif > etlgen.sarif",
			"uses: github/codeql-action/upload-sarif@", "sarif_file: etlgen.sarif"}},
		{"pipeline/zz_etlgen.go", []string{"// Code generated by etlgen. DO NOT EDIT."}},
		{"build/spark/paid_orders.py", []string{"# Code generated by etlgen. DO NOT EDIT."}},
	}
	for _, tt := range tests {
		got := string(readFile(t, filepath.Join(dir, tt.file)))
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %q:\n%s", tt.file, w, got)
			}
		}
	}
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestScaffoldMakefile: bin/etlgen is built from the version go.mod pins
// when it changes, or from a replacing checkout when a file of it changes;
// the checkout's path is quoted for the shell and for make.
func TestScaffoldMakefile(t *testing.T) {
	tests := []struct {
		name, replace string
		want, not     []string
	}{
		{"release", "", []string{"\nbin/etlgen: go.mod go.sum\n\tgo build -o $@ github.com/etlgen/etlgen/cmd/etlgen\n"}, []string{".PHONY: bin/etlgen", "-ldflags"}},
		{"replace", "/src/etlgen", []string{"\nETLGEN_CHECKOUT := '/src/etlgen'\n",
			"\nbin/etlgen: go.mod go.sum $(if $(shell find -H $(ETLGEN_CHECKOUT) -mindepth 1 -name '.*' -prune -o -newer bin/etlgen -print -quit 2>/dev/null),FORCE)\n" +
				"\tgo build -ldflags=\"-X github.com/etlgen/etlgen/internal/cli.stampedVersion=$$(git -C $(ETLGEN_CHECKOUT) describe --tags --always --dirty 2>/dev/null)\" -o $@ github.com/etlgen/etlgen/cmd/etlgen\n"},
			nil},
		{"replace with quotes, dollars and hashes", "/src/it's $HOME #1", []string{`ETLGEN_CHECKOUT := '/src/it'\''s $$HOME \#1'` + "\n"}, nil},
	}
	for _, tt := range tests {
		got, err := renderScaffold("scaffold/Makefile.tmpl", scaffoldData{Module: "example.com/pipes", Replace: tt.replace})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		for _, w := range tt.want {
			if !strings.Contains(string(got), w) {
				t.Errorf("%s: Makefile lacks %q:\n%s", tt.name, w, got)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(string(got), n) {
				t.Errorf("%s: Makefile has %q:\n%s", tt.name, n, got)
			}
		}
	}
}

// TestInitRefusesToOverwrite: init never overwrites a file, and needs a
// directory.
func TestInitRefusesToOverwrite(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "pipeline"), 0o755); err != nil {
		t.Fatal(err)
	}
	mine := []byte("module example.com/mine\n\ngo 1.24\n")
	for name, data := range map[string][]byte{"go.mod": mine, "pipeline/pipeline.go": []byte("package pipeline\n")} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI("init", "--replace", absRoot, dir)
	if code != ExitFailure || !strings.Contains(stderr, "pipeline.go: the file exists") || !strings.HasPrefix(stderr, "etlgen init: ") {
		t.Errorf("exit %d, want %d with the file named:\n%s", code, ExitFailure, stderr)
	}
	if got := readFile(t, filepath.Join(dir, "pipeline", "pipeline.go")); string(got) != "package pipeline\n" {
		t.Errorf("pipeline.go was overwritten: %q", got)
	}
	if got := readFile(t, filepath.Join(dir, "go.mod")); !bytes.Equal(got, mine) {
		t.Errorf("go.mod was changed although init failed:\n%s", got)
	}
	if code, _, _ := runCLI("init"); code != ExitUsage {
		t.Errorf("init without DIR: exit %d, want %d", code, ExitUsage)
	}
}

// TestInitRefusesLinks: a symbolic link planted in DIR (a directory, a
// dangling file link, go.mod) makes init fail before it writes anything,
// and nothing appears outside DIR.
func TestInitRefusesLinks(t *testing.T) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ link, target string }{
		{"pipeline", "elsewhere"},              // a directory init writes into
		{"Makefile", "elsewhere/Makefile"},     // a dangling link to a file
		{"go.mod", "elsewhere/go.mod"},         // the module file
		{"profiles", "elsewhere/profiles-dir"}, // another directory
	}
	for _, tt := range tests {
		t.Run(tt.link, func(t *testing.T) {
			base := t.TempDir()
			dir, outside := filepath.Join(base, "repo"), filepath.Join(base, "elsewhere")
			for _, d := range []string{dir, outside} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if strings.HasSuffix(tt.target, "-dir") {
				if err := os.MkdirAll(filepath.Join(base, tt.target), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Symlink(filepath.Join(base, tt.target), filepath.Join(dir, tt.link)); err != nil {
				t.Fatal(err)
			}
			code, _, stderr := runCLI("init", "--replace", absRoot, dir)
			if code != ExitFailure || !strings.Contains(stderr, "is a symbolic link") {
				t.Errorf("exit %d, want %d naming the link:\n%s", code, ExitFailure, stderr)
			}
			err := filepath.WalkDir(outside, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					t.Errorf("init wrote %s outside DIR", p)
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); tt.link != "go.mod" && err == nil {
				t.Error("init wrote go.mod although it failed")
			}
		})
	}
}
