package profile

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/diag"
)

// ApplyFix applies a diagnostic's Fix to profile YAML and returns the
// edited document (re-encoded: comments are kept, layout may change). It
// is how a tool, or a test, takes a hint's mechanical suggestion.
func ApplyFix(data []byte, f diag.Fix) ([]byte, error) {
	if f.IsZero() {
		return nil, errors.New("apply fix: the fix is empty")
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("apply fix to %s: %w", f.File, err)
	}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("apply fix to %s: the file is empty", f.File)
	}
	m, i, err := findKey(doc.Content[0], f.Key)
	if err != nil {
		return nil, fmt.Errorf("apply fix to %s: %w", f.File, err)
	}
	if err := edit(m, i, f); err != nil {
		return nil, fmt.Errorf("apply fix to %s: %w", f.File, err)
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, fmt.Errorf("apply fix to %s: %w", f.File, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("apply fix to %s: %w", f.File, err)
	}
	return b.Bytes(), nil
}

// edit applies f to the key at index i of mapping m (-1: absent).
func edit(m *yaml.Node, i int, f diag.Fix) error {
	switch {
	case i < 0 && f.Set == "":
		return fmt.Errorf("no key %s", f.Key)
	case i < 0:
		last := f.Key[strings.LastIndex(f.Key, ".")+1:]
		m.Content = append(m.Content, strNode(last), strNode(f.Set))
	case f.Delete:
		m.Content = append(m.Content[:i], m.Content[i+2:]...)
	case f.Rename != "":
		m.Content[i].Value = f.Rename
	default:
		m.Content[i+1] = strNode(f.Set)
	}
	return nil
}

func strNode(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// findKey finds the mapping holding the dotted key path and the index of
// the key in its Content; -1 when the last part is absent from a mapping
// that exists. A part may itself contain dots (a kafka.* setting): the
// longest key that matches wins.
func findKey(n *yaml.Node, path string) (*yaml.Node, int, error) {
	for {
		if n.Kind != yaml.MappingNode {
			return nil, 0, fmt.Errorf("no mapping for %s", path)
		}
		best := -1
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			if (path == k || strings.HasPrefix(path, k+".")) && (best < 0 || len(k) > len(n.Content[best].Value)) {
				best = i
			}
		}
		switch {
		case best >= 0 && path == n.Content[best].Value:
			return n, best, nil
		case best >= 0:
			path = path[len(n.Content[best].Value)+1:]
			n = n.Content[best+1]
		case !strings.Contains(path, "."):
			return n, -1, nil
		default:
			return nil, 0, fmt.Errorf("no key %s", path)
		}
	}
}
