package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"
)

// sharedDir finds the shared/ directory (with the official schemas) by walking
// up from the test's directory: ../shared beside the checkout, or a copy in CI.
func sharedDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		cand := filepath.Join(dir, "shared", "schemas")
		if st, err := os.Stat(cand); err == nil && st.IsDir() {
			return filepath.Dir(cand)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no shared/schemas directory above the test directory: the ODCS schema is required")
		}
		dir = parent
	}
}

// compileSchema compiles a JSON Schema file.
func compileSchema(t testing.TB, path string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	s, err := c.Compile(path)
	if err != nil {
		t.Fatalf("compile %s: %v", path, err)
	}
	return s
}

// yamlToJSON converts YAML to a JSON value, keeping dates and timestamps as
// strings (the node's tag decides, as in JSON).
func yamlToJSON(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		return yamlToJSON(n.Content[0])
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			v, err := yamlToJSON(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			m[n.Content[i].Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		out := []any{}
		for _, c := range n.Content {
			v, err := yamlToJSON(c)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.ScalarNode:
		return scalarToJSON(n)
	}
	return nil, fmt.Errorf("line %d: unsupported YAML node", n.Line)
}

// scalarToJSON maps a YAML scalar by its resolved tag.
func scalarToJSON(n *yaml.Node) (any, error) {
	switch n.ShortTag() {
	case "!!int", "!!float":
		return json.Number(n.Value), nil
	case "!!bool":
		return n.Value == "true", nil
	case "!!null":
		return nil, nil
	}
	return n.Value, nil
}

// validateODCS validates one ODCS YAML document against the official schema.
func validateODCS(t *testing.T, schema *jsonschema.Schema, name string, data []byte) {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("# "+Header+"\n")) {
		t.Errorf("%s: missing generated-file header", name)
	}
	var n yaml.Node
	if err := yaml.Unmarshal(data, &n); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	v, err := yamlToJSON(&n)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := schema.Validate(v); err != nil {
		t.Errorf("%s is not valid ODCS v3.1.0: %v", name, err)
	}
}

// odcsFiles lists the committed ODCS files: every golden case and the example.
func odcsFiles(t testing.TB) []string {
	t.Helper()
	var files []string
	for _, g := range []string{"testdata/*/want/data/*.odcs.yaml", "../examples/*/contracts/data/*.odcs.yaml"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	return files
}

func TestODCSFilesValidateAgainstOfficialSchema(t *testing.T) {
	schema := compileSchema(t, filepath.Join(sharedDir(t), "schemas", "odcs-json-schema-v3.1.0.json"))
	files := odcsFiles(t)
	if len(files) == 0 {
		t.Fatal("no ODCS files found")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		validateODCS(t, schema, f, data)
	}
}

func TestODCSSchemaRejectsBrokenDocument(t *testing.T) {
	schema := compileSchema(t, filepath.Join(sharedDir(t), "schemas", "odcs-json-schema-v3.1.0.json"))
	data, err := os.ReadFile("testdata/order_streaming/want/data/order-event.odcs.yaml")
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(data), "logicalType: integer", "logicalType: int", 1)
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(broken), &n); err != nil {
		t.Fatal(err)
	}
	v, err := yamlToJSON(&n)
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(v); err == nil {
		t.Fatal("a property with logicalType int validated; the schema check cannot fail")
	}
}
