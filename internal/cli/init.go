package cli

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime/debug"
	"strings"
	"text/template"
)

// scaffold holds the files `etlgen init` writes, as templates: each path
// is the file's, with ".tmpl" added (gitignore.tmpl is .gitignore).
//
//go:embed all:scaffold
var scaffold embed.FS

// etlgenTool is the package go.mod names in its tool directive.
const etlgenTool = etlgenModule + "/cmd/etlgen"

// zeroVersion is the version go.mod requires of a module that a replace
// directive points at a directory.
const zeroVersion = "v0.0.0-00010101000000-000000000000"

// initFlags are the flags of `etlgen init`.
type initFlags struct {
	module, replace string
}

// initCommand is `etlgen init DIR`: it writes a pipeline repository — one
// contract, one transformation, one pipeline, a local and a Spark profile,
// a testkit test, a Makefile and a CI workflow — with etlgen as a `tool`
// dependency of its go.mod, then runs go mod tidy so that go.sum holds
// everything the tool needs.
func initCommand() command {
	return command{
		summary: "write a new pipeline repository with etlgen as a go tool dependency",
		usage:   []string{"etlgen init [--module PATH] [--replace ETLGEN_DIR] DIR"},
		help: "Writes a pipeline repository into DIR (created when missing; existing files are never\n" +
			"overwritten): pipeline/ with one contract, one transformation, one pipeline and a testkit test,\n" +
			"profiles/local.yaml and profiles/spark.yaml, sample events, a Makefile (generate, validate,\n" +
			"test, docs, run) and .github/workflows/etlgen.yml (go generate + git diff --exit-code,\n" +
			"validate --format sarif uploaded to code scanning, go test). A go.mod in DIR is kept; else one\n" +
			"is created for --module. etlgen becomes a tool dependency (the go.mod tool directive: run it\n" +
			"as go tool etlgen), at the version of this etlgen, or of the checkout --replace names; then\n" +
			"go mod tidy fills go.sum. The files written are listed on stdout.\n" +
			"Exit: 0 ok, 1 a file could not be written or the go command failed, 2 bad arguments.",
		flags: func(fs *flag.FlagSet) runFunc {
			var f initFlags
			fs.StringVar(&f.module, "module", "", "module `path` of a new go.mod (default: example.com/ and DIR's name)")
			fs.StringVar(&f.replace, "replace", "", "require etlgen from the checkout in `DIR` (a go.mod replace directive), e.g. to try an unreleased etlgen")
			return func(ctx context.Context, e env, args []string) int {
				if len(args) != 1 {
					return e.usageError("name one directory (DIR)")
				}
				return runInit(ctx, e, f, args[0])
			}
		},
	}
}

// runInit writes the repository and sets up its module.
func runInit(ctx context.Context, e env, f initFlags, dir string) int {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return e.fail(ExitFailure, "%v", err)
	}
	if err := checkFree(dir); err != nil {
		return e.fail(ExitFailure, "%v", err)
	}
	data, err := initModule(ctx, dir, f)
	if err != nil {
		return e.fail(ExitFailure, "%v", err)
	}
	written, err := writeScaffold(dir, data)
	if err != nil {
		return e.fail(ExitFailure, "%v", err)
	}
	if err := goCmd(ctx, dir, "mod", "tidy"); err != nil {
		return e.fail(ExitFailure, "%v", err)
	}
	for _, p := range written {
		fmt.Fprintln(e.stdout, filepath.ToSlash(filepath.Join(dir, p)))
	}
	return ExitOK
}

// scaffoldData is what the templates see.
type scaffoldData struct {
	// Module is the module path of the repository.
	Module string
	// Replace is the etlgen checkout go.mod replaces etlgen with, an
	// absolute path; empty when etlgen is required at a version.
	Replace string
}

// initModule creates go.mod when DIR has none, makes etlgen a tool
// dependency of it and returns the module path and the replace directory.
func initModule(ctx context.Context, dir string, f initFlags) (scaffoldData, error) {
	var data scaffoldData
	modFile := filepath.Join(dir, "go.mod")
	_, err := os.Stat(modFile)
	if errors.Is(err, fs.ErrNotExist) {
		module := f.module
		if module == "" {
			abs, err := filepath.Abs(dir)
			if err != nil {
				return data, fmt.Errorf("init module: %w", err)
			}
			module = "example.com/" + strings.ToLower(filepath.Base(abs))
		}
		if err := goCmd(ctx, dir, "mod", "init", module); err != nil {
			return data, err
		}
	}
	edits, err := requireEtlgen(f.replace)
	if err != nil {
		return data, err
	}
	if err := goCmd(ctx, dir, append(append([]string{"mod", "edit"}, edits...), "-tool="+etlgenTool)...); err != nil {
		return data, err
	}
	gomod, err := os.ReadFile(modFile)
	if err != nil {
		return data, fmt.Errorf("init module: %w", err)
	}
	if data.Module, err = modulePath(gomod); err != nil {
		return data, err
	}
	if f.replace != "" {
		data.Replace, err = filepath.Abs(f.replace)
	}
	return data, err
}

// requireEtlgen returns the go mod edit flags that require etlgen: the
// checkout --replace names, else the version of this etlgen when it is a
// release or pseudo-version.
func requireEtlgen(replace string) ([]string, error) {
	if replace != "" {
		abs, err := filepath.Abs(replace)
		if err != nil {
			return nil, fmt.Errorf("init module: %w", err)
		}
		if strings.ContainsAny(abs, "\n\r") {
			return nil, fmt.Errorf("init module: --replace %q: a path with a line break cannot be written into the Makefile", replace)
		}
		if _, err := os.Stat(filepath.Join(abs, "go.mod")); err != nil {
			return nil, fmt.Errorf("init module: --replace %s is not an etlgen checkout: %w", replace, err)
		}
		return []string{"-require=" + etlgenModule + "@" + zeroVersion, "-replace=" + etlgenModule + "=" + abs}, nil
	}
	bi, ok := debug.ReadBuildInfo()
	var m *debug.Module
	if ok {
		m = etlgenModuleOf(bi)
	}
	if m == nil || m.Version == "" || m.Version == "(devel)" || m.Version == zeroVersion || m.Replace != nil {
		return nil, errors.New("init module: this etlgen is a development build with no version to require: pass --replace ETLGEN_CHECKOUT, or add etlgen first with go get -tool " + etlgenTool + "@VERSION")
	}
	return []string{"-require=" + etlgenModule + "@" + m.Version}, nil
}

// modulePath reads the module path of a go.mod.
func modulePath(gomod []byte) (string, error) {
	for _, line := range strings.Split(string(gomod), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	return "", errors.New("init module: go.mod has no module line")
}

// checkFree fails when a file init would write exists, or when a symbolic
// link lies on the way to one (go.mod and go.sum included), before
// anything is touched: a link planted in DIR would make init write
// outside it.
func checkFree(dir string) error {
	for _, rel := range []string{"go.mod", "go.sum"} {
		if err := noLinkOnTheWay(dir, rel); err != nil {
			return err
		}
	}
	return fs.WalkDir(scaffold, "scaffold", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := filepath.FromSlash(scaffoldPath(p))
		if err := noLinkOnTheWay(dir, rel); err != nil {
			return err
		}
		target := filepath.Join(dir, rel)
		if _, err := os.Lstat(target); err == nil {
			return fmt.Errorf("write %s: the file exists (etlgen init never overwrites)", target)
		}
		return nil
	})
}

// noLinkOnTheWay fails when a path below dir leading to rel (rel itself
// included) is a symbolic link. DIR itself may be one: the user named it.
func noLinkOnTheWay(dir, rel string) error {
	at := dir
	for _, part := range strings.Split(filepath.Clean(rel), string(filepath.Separator)) {
		at = filepath.Join(at, part)
		st, err := os.Lstat(at)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("write %s: %w", filepath.Join(dir, rel), err)
		}
		if st.Mode()&fs.ModeSymlink != 0 {
			return fmt.Errorf("write %s: %s is a symbolic link (etlgen init writes only real files and directories inside %s)", filepath.Join(dir, rel), at, dir)
		}
	}
	return nil
}

// writeScaffold writes every scaffold file and returns their paths,
// relative to dir; it refuses to overwrite a file.
func writeScaffold(dir string, data scaffoldData) ([]string, error) {
	var written []string
	err := fs.WalkDir(scaffold, "scaffold", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := scaffoldPath(p)
		target := filepath.Join(dir, filepath.FromSlash(rel))
		if err := noLinkOnTheWay(dir, filepath.FromSlash(rel)); err != nil {
			return err
		}
		text, err := renderScaffold(p, data)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return fmt.Errorf("write %s: %w", target, err)
		}
		if err := writeNew(target, text); err != nil {
			return err
		}
		written = append(written, rel)
		return nil
	})
	return written, err
}

// writeNew creates target with text; it fails when anything, a dangling
// symbolic link included, is there already (O_EXCL).
func writeNew(target string, text []byte) error {
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("write %s: the file exists (etlgen init never overwrites)", target)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", target, err)
	}
	_, err = f.Write(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", target, err)
	}
	return nil
}

// scaffoldPath is the repository path of an embedded template.
func scaffoldPath(p string) string {
	rel := strings.TrimSuffix(strings.TrimPrefix(p, "scaffold/"), ".tmpl")
	if path.Base(rel) == "gitignore" {
		rel = path.Join(path.Dir(rel), ".gitignore")
	}
	return rel
}

// renderScaffold executes one template.
func renderScaffold(p string, data scaffoldData) ([]byte, error) {
	src, err := scaffold.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("read template %s: %w", p, err)
	}
	t, err := template.New(p).Option("missingkey=error").Funcs(template.FuncMap{"shellWord": shellWord}).Parse(string(src))
	if err != nil {
		return nil, fmt.Errorf("parse template %s: %w", p, err)
	}
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return nil, fmt.Errorf("render template %s: %w", p, err)
	}
	return b.Bytes(), nil
}

// shellWord quotes s as one shell word in the value of a Makefile
// variable: single quotes for the shell, then $$ and \# for make.
func shellWord(s string) string {
	return strings.NewReplacer("$", "$$", "#", `\#`).Replace("'" + strings.ReplaceAll(s, "'", `'\''`) + "'")
}

// goCmd runs the go command in dir; its output is in the error.
func goCmd(ctx context.Context, dir string, args ...string) error {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return nil
}
