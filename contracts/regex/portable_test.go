package regex

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestPortableMatchesSpark runs the Portable form of every accepted corpus
// pattern with Go's regexp, ECMA-262 (node, with and without the u flag)
// and Python's re (python3), where they are installed, and compares what
// they find with Spark's recorded rlike. Without the u flag a character
// beyond the BMP is two units, and Python's $ also matches before a final
// newline, so only those subjects may differ.
func TestPortableMatchesSpark(t *testing.T) {
	var c corpus
	var r recorded
	readJSON(t, "testdata/corpus.json", &c)
	readJSON(t, "testdata/spark.json", &r)
	var patterns []string
	var spark [][]answer
	for i, p := range c.Patterns {
		if p.Refused {
			continue
		}
		out, err := Portable(p.Pattern)
		if err != nil {
			if !strings.Contains(err.Error(), "beyond U+FFFF in a class") {
				t.Errorf("Portable(%q): %v", p.Pattern, err)
			}
			continue
		}
		patterns = append(patterns, out)
		spark = append(spark, r.Answers[i].Answers)
	}
	in, err := json.Marshal(map[string]any{"patterns": patterns, "subjects": c.Subjects})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("go", func(t *testing.T) {
		for i, p := range patterns {
			re := regexp.MustCompile(p)
			for j, s := range c.Subjects {
				if got := re.MatchString(s); got != spark[i][j].Rlike {
					t.Errorf("%q finds %v in %q, Spark %v", p, got, s, spark[i][j].Rlike)
				}
			}
		}
	})
	engines := []struct{ name, bin, script string }{
		{"node", "node", "testdata/portable_check.js"},
		{"python", "python3", "testdata/portable_check.py"},
	}
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			got := runChecker(t, e.bin, e.script, in)
			for name, found := range got {
				for i, row := range found {
					for j, ok := range row {
						s := c.Subjects[j]
						beyondBMP := name == "plain" && hasBeyondBMP(s)
						finalNewline := name == "python" && strings.HasSuffix(s, "\n") && strings.HasSuffix(patterns[i], "$")
						if ok != spark[i][j].Rlike && !beyondBMP && !finalNewline {
							t.Errorf("%s: %q finds %v in %q, Spark %v", name, patterns[i], ok, s, spark[i][j].Rlike)
						}
					}
				}
			}
		})
	}
}

func runChecker(t *testing.T, bin, script string, in []byte) map[string][][]bool {
	t.Helper()
	path, err := exec.LookPath(bin)
	if err != nil {
		t.Skipf("%s is not installed", bin)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, path, script)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(in), &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("run %s %s: %v\n%s", bin, script, err, stderr.String())
	}
	var out map[string][][]bool
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("read %s's answers: %v", bin, err)
	}
	return out
}

func hasBeyondBMP(s string) bool {
	for _, r := range s {
		if r > 0xFFFF && r != utf8.RuneError {
			return true
		}
	}
	return false
}
