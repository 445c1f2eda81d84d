package e2e_test

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apache/spark-connect-go/spark/sql"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/e2e/stack"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
)

const corpusPath = "../contracts/testdata/corpus/order_event.jsonl"

// corpusCase is one line of the shared corpus (docs/validation.md, "The shared corpus").
type corpusCase struct {
	Name          string  `json:"name"`
	Payload       *string `json:"payload"`
	PayloadBase64 *string `json:"payload_base64"`
	Want          string  `json:"want"`
	Field         string  `json:"field"`
	raw           []byte
}

// verdict is an engine's answer for one payload: an empty code for a valid one.
type verdict struct {
	Valid bool
	Code  string
	Path  string
}

func (v verdict) String() string {
	if v.Valid {
		return "VALID"
	}
	return fmt.Sprintf("%s at %q", v.Code, v.Path)
}

func readCorpus(t *testing.T) []corpusCase {
	t.Helper()
	f, err := os.Open(corpusPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		var c corpusCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s:%d: %v", corpusPath, len(out)+1, err)
		}
		switch {
		case c.PayloadBase64 != nil:
			if c.raw, err = base64.StdEncoding.DecodeString(*c.PayloadBase64); err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
		case c.Payload != nil:
			c.raw = []byte(*c.Payload)
		default:
			t.Fatalf("%s:%d: no payload", corpusPath, len(out)+1)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 50 {
		t.Fatalf("corpus has %d payloads, want at least 50", len(out))
	}
	return out
}

func (c corpusCase) want() verdict {
	if c.Want == "VALID" {
		return verdict{Valid: true}
	}
	return verdict{Code: c.Want, Path: c.Field}
}

func orderEventContract(t *testing.T) *contracts.Contract {
	t.Helper()
	c, ok := contracts.Of[orderstreaming.OrderEvent]()
	if !ok {
		t.Fatal("OrderEvent contract is not registered")
	}
	return c
}

func goVerdicts(t *testing.T, c *contracts.Contract, cases []corpusCase) []verdict {
	t.Helper()
	v, err := contracts.NewRecordValidator(c)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]verdict, len(cases))
	for i, cs := range cases {
		_, rej := v.Validate(cs.raw)
		if rej == nil {
			out[i] = verdict{Valid: true}
		} else {
			out[i] = verdict{Code: string(rej.ReasonCode), Path: rej.FieldPath}
		}
	}
	return out
}

// sparkVerdicts applies the validation plan to df, whose columns are case_id
// (an index into the corpus) and the plan's payload column, and collects one
// verdict per case.
func sparkVerdicts(ctx context.Context, t *testing.T, plan *sparksql.Plan, df sql.DataFrame, n int) []verdict {
	t.Helper()
	df = withStages(ctx, t, plan, df)
	var err error
	df, err = df.SelectExpr(ctx, "CAST(case_id AS INT) AS case_id",
		"("+plan.ValidExpr()+") AS _valid",
		"("+plan.ReasonCodeExpr()+") AS _code",
		"("+plan.FieldPathExpr()+") AS _path")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := df.Collect(ctx)
	if err != nil {
		t.Fatalf("run the validation plan on Spark: %v", err)
	}
	out := make([]verdict, n)
	seen := make([]bool, n)
	for _, r := range rows {
		id, ok := r.At(0).(int32)
		if !ok || id < 0 || int(id) >= n || seen[id] {
			t.Fatalf("unexpected case_id %v (%T) in Spark's answer", r.At(0), r.At(0))
		}
		seen[id] = true
		valid, _ := r.At(1).(bool)
		out[id] = verdict{Valid: valid, Code: str(r.At(2)), Path: str(r.At(3))}
	}
	for i, s := range seen {
		if !s {
			t.Fatalf("Spark returned no row for case %d", i)
		}
	}
	return out
}

// withStages adds the validation plan's stage columns to df, one select
// per level.
func withStages(ctx context.Context, t *testing.T, plan *sparksql.Plan, df sql.DataFrame) sql.DataFrame {
	t.Helper()
	var err error
	for _, level := range plan.StageLevels() {
		exprs := []string{"*"}
		for _, s := range level {
			exprs = append(exprs, s.Expr())
		}
		if df, err = df.SelectExpr(ctx, exprs...); err != nil {
			t.Fatal(err)
		}
	}
	return df
}

func str(v any) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

// knownDifferences are corpus cases where Spark 4.1.1 disagrees with the
// corpus (and Go) for a reason outside contracts/sparksql's reach, each with
// the explanation. They are reported, not failed; when one starts to agree
// the test says so, so that the mark can go.
//
// Not in the corpus at all, because the two engines are specified to
// differ (docs/validation.md, "Known differences"): a decimal in exponent
// notation that underflows, such as order_total 1e-400. Spark's
// try_parse_json reads exponent notation as a DOUBLE (Jackson
// getDoubleValue, Double.parseDouble: 1e-400 is 0.0, schema_of_variant
// DOUBLE, measured on Spark 4.1.1), and 0.0 fits decimal(18,2): VALID. Go
// reads the literal exactly, a non-zero value with 400 fraction digits:
// DECIMAL_OVERFLOW (pinned by contracts' "total tiny" case). The variant
// keeps no text, so Spark cannot tell 1e-400 from 0e0.
var knownDifferences = map[string]string{}

// compareVerdicts fails for every case where Go and Spark differ, or where
// either differs from the corpus, printing the payload and both answers.
func compareVerdicts(t *testing.T, cases []corpusCase, goV, sparkV []verdict) {
	t.Helper()
	differ, known := 0, 0
	for i, c := range cases {
		g, s, w := goV[i], sparkV[i], c.want()
		why, isKnown := knownDifferences[c.Name]
		switch {
		case g == s && g == w:
			if isKnown {
				t.Logf("%s: marked as a known difference (%s) but Go and Spark now agree: remove the mark", c.Name, why)
			}
			continue
		case isKnown && g == w:
			known++
			t.Logf("known difference %s (%s): payload %.200q\n  Go:     %v\n  Spark:  %v", c.Name, why, c.raw, g, s)
			continue
		}
		differ++
		t.Errorf("%s: payload %q\n  Go:     %v\n  Spark:  %v\n  corpus: %v", c.Name, c.raw, g, s, w)
	}
	t.Logf("%d payloads: %d agree, %d known differences, %d differ", len(cases), len(cases)-differ-known, known, differ)
}

// TestCorpusParity runs the shared corpus through Go validation and through
// the Spark SQL validation plan on the stack's Spark server, the payloads
// given as a BINARY column of an in-memory relation.
func TestCorpusParity(t *testing.T) {
	t.Parallel() // after the tests that kill processes (doc.go, "Running"); isolated by unique names
	stack.Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	c := orderEventContract(t)
	cases := readCorpus(t)
	plan, err := sparksql.Compile(c, sparksql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := stack.Spark(t)
	df, err := s.Sql(ctx, valuesQuery(cases, plan.Options.PayloadColumn))
	if err != nil {
		t.Fatal(err)
	}
	compareVerdicts(t, cases, goVerdicts(t, c, cases), sparkVerdicts(ctx, t, plan, df, len(cases)))
}

// valuesQuery is SELECT * FROM VALUES (0, X'..'), ... AS t(case_id, payload):
// hex literals carry every byte, invalid UTF-8 included.
func valuesQuery(cases []corpusCase, payloadCol string) string {
	var b strings.Builder
	b.WriteString("SELECT * FROM VALUES ")
	for i, c := range cases {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "(%d, X'%s')", i, hex.EncodeToString(c.raw))
	}
	fmt.Fprintf(&b, " AS t(case_id, %s)", sparksql.QuoteIdent(payloadCol))
	return b.String()
}

// TestCorpusParityKafka produces the corpus to a fresh Kafka topic with
// franz-go and validates what spark.read.format("kafka") reads back: the
// value column is BINARY, as in the generated program.
func TestCorpusParityKafka(t *testing.T) {
	t.Parallel() // after the tests that kill processes (doc.go, "Running"); isolated by unique names
	stack.Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	c := orderEventContract(t)
	cases := readCorpus(t)
	plan, err := sparksql.Compile(c, sparksql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	topic := stack.Unique("e2e_corpus")
	k := stack.NewKafka(t)
	k.CreateTopic(ctx, topic, 2)
	recs := make([][]byte, len(cases))
	for i, cs := range cases {
		recs[i] = cs.raw
	}
	produceKeyed(ctx, t, k, topic, recs)
	s := stack.Spark(t)
	df, err := s.Read().Format("kafka").
		Option("kafka.bootstrap.servers", stack.KafkaBootstrap()).
		Option("subscribe", topic).
		Option("startingOffsets", "earliest").
		Option("endingOffsets", "latest").
		Load("")
	if err != nil {
		t.Fatal(err)
	}
	df, err = df.SelectExpr(ctx, "CAST(CAST(key AS STRING) AS INT) AS case_id",
		"value AS "+sparksql.QuoteIdent(plan.Options.PayloadColumn))
	if err != nil {
		t.Fatal(err)
	}
	compareVerdicts(t, cases, goVerdicts(t, c, cases), sparkVerdicts(ctx, t, plan, df, len(cases)))
}

// produceKeyed writes value i with key "i", so the reader can match rows to cases.
func produceKeyed(ctx context.Context, t *testing.T, k *stack.Kafka, topic string, values [][]byte) {
	t.Helper()
	recs := make([]*kgo.Record, 0, len(values))
	for i, v := range values {
		recs = append(recs, &kgo.Record{Topic: topic, Key: []byte(strconv.Itoa(i)), Value: v})
	}
	k.ProduceRecords(ctx, recs...)
}
