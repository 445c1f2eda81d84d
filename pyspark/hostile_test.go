package pyspark_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"text/template"
	"text/template/parse"

	"github.com/etlgen/etlgen/pyspark"
)

// astScript parses each program given on stdin ([[path, source], ...])
// and reports, per program, the names it binds at module level more than
// once, the names starting with INJECTED it reads or binds anywhere (code
// a hostile name smuggled in), and the parameters of its functions that
// are keywords, soft keywords or builtins.
const astScript = `
import ast, builtins, keyword
out = {}
for path, source in json.loads(sys.stdin.read()):
    tree = ast.parse(source, path)
    seen, twice = set(), []
    for node in tree.body:
        names = []
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        for n in names:
            if n in seen:
                twice.append(n)
            seen.add(n)
    injected = sorted({n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id.startswith("INJECTED")})
    bad = sorted({a.arg for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) for a in n.args.args
                  if keyword.iskeyword(a.arg) or a.arg in getattr(keyword, "softkwlist", []) or hasattr(builtins, a.arg)
                  or a.arg in ("F", "rt", "spark") and n.name.startswith("step_")})
    out[path] = {"twice": twice, "injected": injected, "bad_params": bad}
print(json.dumps(out))
`

type astReport struct {
	Twice     []string `json:"twice"`
	Injected  []string `json:"injected"`
	BadParams []string `json:"bad_params"`
}

// TestProgramsKeepNamesInside parses every golden case's program with
// Python's ast: no module name is bound twice (two assets, steps or queries
// whose names map to one identifier would silently replace each other), no
// statement comes from a name (testdata/hostile_names: a source asset, a
// step id and a parameter value holding newlines, """ and code), and no
// parameter is a keyword or shadows a builtin or the program's F, rt or
// spark (an input named lambda).
func TestProgramsKeepNamesInside(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("testdata", "*", "profile.yaml"))
	var in [][2]string
	for _, p := range dirs {
		for _, f := range generateCase(t, filepath.Dir(p)) {
			if !pyspark.IsRuntimeFile(f.Path) {
				in = append(in, [2]string{filepath.Join(filepath.Dir(p), f.Path), string(f.Data)})
			}
		}
	}
	var got map[string]astReport
	runRuntime(t, "testdata/stack_available_now", astScript, in, &got)
	if len(got) != len(in) || len(in) < len(dirs) {
		t.Fatalf("parsed %d programs of %d", len(got), len(in))
	}
	for path, r := range got {
		if len(r.Twice) > 0 || len(r.Injected) > 0 || len(r.BadParams) > 0 {
			t.Errorf("%s: names bound twice %v, injected code %v, bad parameters %v", path, r.Twice, r.Injected, r.BadParams)
		}
	}
	if _, ok := got[filepath.Join("testdata", "hostile_names", "customer_order_streaming.py")]; !ok {
		t.Error("the hostile case was not checked")
	}
}

// plainTextFields are the view fields that hold plain text: the template
// must quote each with doc or comment, and quote nothing else with them.
var plainTextFields = map[string]bool{"Title": true, "File": true, "Asset": true, "Plugin": true, "Contract": true,
	"Rows": true, "ID": true, "Transformation": true, "Params": true, "Owner": true}

// TestTemplateQuotesPlainText walks the program template: a plain-text
// field appears only as the argument of doc or comment.
func TestTemplateQuotesPlainText(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("templates", "program.py.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := template.New("program").Funcs(template.FuncMap{"join": strings.Join, "doc": pyspark.PyDoc,
		"comment": pyspark.PyComment}).Parse(string(src))
	if err != nil {
		t.Fatal(err)
	}
	quoted := 0
	var walk func(n parse.Node)
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			if n != nil {
				for _, c := range n.Nodes {
					walk(c)
				}
			}
		case *parse.ActionNode:
			checkAction(t, n, &quoted)
		case *parse.IfNode:
			walk(n.List)
			walk(n.ElseList)
		case *parse.RangeNode:
			walk(n.List)
			walk(n.ElseList)
		case *parse.WithNode:
			walk(n.List)
			walk(n.ElseList)
		}
	}
	walk(tmpl.Tree.Root)
	if quoted < 15 {
		t.Errorf("found %d quoted plain-text fields; the walk missed the template's actions", quoted)
	}
}

// checkAction fails when an action prints a plain-text field unquoted,
// or quotes a field that is not plain text.
func checkAction(t *testing.T, a *parse.ActionNode, quoted *int) {
	t.Helper()
	for _, cmd := range a.Pipe.Cmds {
		fn := ""
		if id, ok := cmd.Args[0].(*parse.IdentifierNode); ok {
			fn = id.Ident
		}
		for _, arg := range cmd.Args {
			f, ok := arg.(*parse.FieldNode)
			if !ok {
				continue
			}
			name := f.Ident[len(f.Ident)-1]
			switch quotes := fn == "doc" || fn == "comment"; {
			case plainTextFields[name] && !quotes:
				t.Errorf("%s: plain-text field .%s is printed without doc or comment", a.String(), strings.Join(f.Ident, "."))
			case quotes && !plainTextFields[name]:
				t.Errorf("%s: %s quotes .%s, which is not plain text", a.String(), fn, strings.Join(f.Ident, "."))
			case quotes:
				*quoted++
			}
		}
	}
}
