package funcverdicts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
)

// Recorded is Spark's answer to a case as the live test measured it, with
// what it was asked: the expression's SQL and the canonical input rows.
type Recorded struct {
	SQL     string
	Type    string
	Refused string
	// Rows pair each input row (its values, canonical, comma-separated)
	// with Spark's result.
	Rows [][2]string
}

// Answer is the recorded answer.
func (r Recorded) Answer() Answer {
	a := Answer{Type: r.Type, Refused: r.Refused}
	for _, row := range r.Rows {
		a.Rows = append(a.Rows, row[1])
	}
	return a
}

// Record pairs c with Spark's answer.
func Record(c Case, spark Answer) (Recorded, error) {
	q, err := QueryOf(c)
	if err != nil {
		return Recorded{}, err
	}
	r := Recorded{SQL: q.Expr, Type: spark.Type, Refused: spark.Refused}
	if spark.Refused != "" {
		return r, nil
	}
	if len(spark.Rows) != len(c.Rows) {
		return Recorded{}, fmt.Errorf("case %s: %d results for %d rows", c.Name, len(spark.Rows), len(c.Rows))
	}
	for i, out := range spark.Rows {
		r.Rows = append(r.Rows, [2]string{Inputs(c, i), out})
	}
	return r, nil
}

// Inputs is row i of c, its values canonical and comma-separated.
func Inputs(c Case, i int) string {
	parts := make([]string, len(c.Cols))
	for j, v := range c.Cols {
		parts[j] = canonGo(c.Rows[i][j], v.Type)
	}
	return strings.Join(parts, ", ")
}

// recordedJSON is the file form of a Recorded.
type recordedJSON struct {
	SQL     string      `json:"sql"`
	Type    string      `json:"type,omitempty"`
	Refused string      `json:"refused,omitempty"`
	Rows    [][2]string `json:"rows,omitempty"`
}

// Path is the recording file of a family on a Spark line under dir:
// <family>.json for profile.DefaultSparkLine, <family>-<line>.json for
// another (json-4.2.json).
func Path(dir, family, line string) string {
	if line == profile.DefaultSparkLine {
		return filepath.Join(dir, family+".json")
	}
	return filepath.Join(dir, family+"-"+line+".json")
}

// Load reads the recording of a family: Spark's answers by case name. A
// missing file is an empty recording.
func Load(path string) (map[string]Recorded, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return map[string]Recorded{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load recording: %w", err)
	}
	var raw map[string]recordedJSON
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("load recording %s: %w", path, err)
	}
	out := make(map[string]Recorded, len(raw))
	for name, r := range raw {
		out[name] = Recorded(r)
	}
	return out, nil
}

// Write writes the recording of a family: cases sorted by name, one input
// row and its result per line, so that a change reads as a small diff.
func Write(path string, recs map[string]Recorded) error {
	var b bytes.Buffer
	b.WriteString("{")
	names := slices.Sorted(maps.Keys(recs))
	for i, name := range names {
		if i > 0 {
			b.WriteString(",")
		}
		r := recs[name]
		fmt.Fprintf(&b, "\n %s: {\n  \"sql\": %s", js(name), js(r.SQL))
		if r.Type != "" {
			fmt.Fprintf(&b, ",\n  \"type\": %s", js(r.Type))
		}
		if r.Refused != "" {
			fmt.Fprintf(&b, ",\n  \"refused\": %s", js(r.Refused))
		}
		if len(r.Rows) > 0 {
			b.WriteString(",\n  \"rows\": [")
			for j, row := range r.Rows {
				if j > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, "\n   [%s, %s]", js(row[0]), js(row[1]))
			}
			b.WriteString("\n  ]")
		}
		b.WriteString("\n }")
	}
	b.WriteString("\n}\n")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write recording: %w", err)
	}
	return nil
}

// js is a JSON string literal, without HTML escaping.
func js(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}
