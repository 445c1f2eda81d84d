package e2e_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/e2e/stack"
)

// TestSparkSQLCorpora runs the corpora of package contracts/sparksql
// (testdata/corpus/<case>.jsonl against testdata/<case>/want/contract.json:
// the kitchen sink and the cross-field rules) through Go validation and the
// Spark SQL validation plan on the stack's Spark server, as
// TestCorpusParity does for the shared corpus.
func TestSparkSQLCorpora(t *testing.T) {
	t.Parallel()
	stack.Require(t)
	for _, name := range []string{"kitchen_sink", "cross_rules"} {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			c := sparksqlContract(t, name)
			cases := sparksqlCorpus(t, name)
			plan, err := sparksql.Compile(c, sparksql.Options{})
			if err != nil {
				t.Fatal(err)
			}
			df, err := stack.Spark(t).Sql(ctx, valuesQuery(cases, plan.Options.PayloadColumn))
			if err != nil {
				t.Fatal(err)
			}
			compareVerdicts(t, cases, goVerdicts(t, c, cases), sparkVerdicts(ctx, t, plan, df, len(cases)))
		})
	}
}

const sparksqlTestdata = "../contracts/sparksql/testdata/"

func sparksqlContract(t *testing.T, name string) *contracts.Contract {
	t.Helper()
	data, err := os.ReadFile(sparksqlTestdata + name + "/want/contract.json")
	if err != nil {
		t.Fatal(err)
	}
	var c contracts.Contract
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

// sparksqlCorpus reads a corpus of package sparksql (code/path members;
// payload, payload_b64 or payload_null, repeated repeat times) as
// corpusCases; cases pending in Go validation are left out.
func sparksqlCorpus(t *testing.T, name string) []corpusCase {
	t.Helper()
	data, err := os.ReadFile(sparksqlTestdata + "corpus/" + name + ".jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out []corpusCase
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var l struct {
			Name, Code, Path, Pending string
			Payload                   *string
			PayloadB64                string `json:"payload_b64"`
			PayloadNull               bool   `json:"payload_null"`
			Repeat                    int
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if l.Pending != "" || l.PayloadNull {
			continue // NULL payloads: VALUES with X'' cannot carry them
		}
		c := corpusCase{Name: l.Name, Want: l.Code, Field: l.Path}
		if c.Want == "" {
			c.Want = "VALID"
		}
		if l.Payload != nil {
			c.raw = []byte(*l.Payload)
		} else if c.raw, err = base64.StdEncoding.DecodeString(l.PayloadB64); err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		c.raw = []byte(strings.Repeat(string(c.raw), max(l.Repeat, 1)))
		out = append(out, c)
	}
	return out
}
