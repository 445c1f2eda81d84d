package e2e_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/pyspark"
)

const fileCorpusPath = "../contracts/testdata/corpus/order_event_files.jsonl"

// fileCorpusCase is one file of the shared file corpus: its bytes and the
// lines Spark's text source reads from it, each with its verdict.
type fileCorpusCase struct {
	Name       string       `json:"name"`
	File       *string      `json:"file"`
	FileBase64 *string      `json:"file_base64"`
	Big        int          `json:"big"` // "<BIG>" stands for Big bytes "y"
	Lines      []corpusCase `json:"lines"`
}

// bytesOf decodes a text or base64 member of the corpus, "<BIG>" expanded.
func (c fileCorpusCase) bytesOf(t *testing.T, text, b64 *string) []byte {
	t.Helper()
	raw := []byte(nil)
	if b64 != nil {
		var err error
		if raw, err = base64.StdEncoding.DecodeString(*b64); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
	} else if text != nil {
		raw = []byte(*text)
	}
	if c.Big > 0 {
		raw = bytes.ReplaceAll(raw, []byte("<BIG>"), bytes.Repeat([]byte("y"), c.Big))
	}
	return raw
}

func readFileCorpus(t *testing.T) []fileCorpusCase {
	t.Helper()
	data, err := os.ReadFile(fileCorpusPath)
	if err != nil {
		t.Fatal(err)
	}
	var out []fileCorpusCase
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		var c fileCorpusCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s:%d: %v", fileCorpusPath, len(out)+1, err)
		}
		out = append(out, c)
	}
	return out
}

// sparkLine is what Spark made of one line: its digest and length, the
// verdict of the validation plan and the rejected row's raw_payload_base64.
type sparkLine struct {
	Digest string
	Len    int
	V      verdict
	Base64 string
}

// TestCorpusFilesParity writes every file of the shared file corpus into a
// directory and reads it as the generated program reads a file-json source
// (spark.read.format("text") with the plugin's pathGlobFilter): each file
// must split into the corpus's lines, byte for byte, and each line get its
// verdict from the validation plan, with the rejected row's
// raw_payload_base64 as the local engine writes it. The local engine reads
// the same corpus in localengine (TestFileCorpus). A line over 16 MiB
// is read whole by Spark (PAYLOAD_TOO_LARGE, its full payload kept) and
// cut by the local engine (same verdict, its first 16 MiB kept).
func TestCorpusFilesParity(t *testing.T) {
	t.Parallel() // after the tests that kill processes (doc.go, "Running"); isolated by unique names
	stack.Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cases := readFileCorpus(t)
	dir, err := os.MkdirTemp("", "etlgen-e2e-corpus-files-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	for _, c := range cases {
		if err := os.WriteFile(filepath.Join(dir, c.Name+".jsonl"), c.bytesOf(t, c.File, c.FileBase64), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not read\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := sparkFileLines(ctx, t, dir)
	for _, c := range cases {
		lines := got[c.Name+".jsonl"]
		if len(lines) != len(c.Lines) {
			t.Errorf("%s: Spark read %d lines, the corpus says %d", c.Name, len(lines), len(c.Lines))
			continue
		}
		for i, w := range c.Lines {
			raw := c.bytesOf(t, w.Payload, w.PayloadBase64)
			sum := sha256.Sum256(raw)
			want := sparkLine{Digest: hex.EncodeToString(sum[:]), Len: len(raw), V: w.want()}
			if !utf8.Valid(raw) && !w.want().Valid {
				want.Base64 = base64.StdEncoding.EncodeToString(raw)
			}
			if lines[i] != want {
				t.Errorf("%s line %d: Spark %+v, want %+v (payload %.80q)", c.Name, i, lines[i], want, raw)
			}
		}
	}
	if _, ok := got["notes.txt"]; ok {
		t.Error("Spark read notes.txt: pathGlobFilter did not apply")
	}
}

// sparkFileLines reads dir on Spark and returns each file's lines in order.
func sparkFileLines(ctx context.Context, t *testing.T, dir string) map[string][]sparkLine {
	t.Helper()
	c := orderEventContract(t)
	plan, err := sparksql.Compile(c, sparksql.Options{PayloadType: sparksql.PayloadString})
	if err != nil {
		t.Fatal(err)
	}
	s := stack.Spark(t)
	df, err := s.Read().Format("text").Option("pathGlobFilter", "*.{json,jsonl}").Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if df, err = df.SelectExpr(ctx, "_metadata.file_name AS file", "monotonically_increasing_id() AS seq",
		"value AS "+sparksql.QuoteIdent(plan.Options.PayloadColumn)); err != nil {
		t.Fatal(err)
	}
	df = withStages(ctx, t, plan, df)
	if df, err = df.SelectExpr(ctx, "file", "seq", "sha2(CAST(raw_payload AS BINARY), 256)", "octet_length(raw_payload)",
		"("+plan.ValidExpr()+")", "("+plan.ReasonCodeExpr()+")", "("+plan.FieldPathExpr()+")",
		"CASE WHEN NOT ("+plan.ValidExpr()+") THEN "+pyspark.RawPayloadBase64+" END"); err != nil {
		t.Fatal(err)
	}
	rows, err := df.Collect(ctx)
	if err != nil {
		t.Fatalf("read the corpus files on Spark: %v", err)
	}
	seq := func(i int) int64 { n, _ := rows[i].At(1).(int64); return n }
	sort.SliceStable(rows, func(i, j int) bool { return seq(i) < seq(j) }) // a file's lines in file order
	out := map[string][]sparkLine{}
	for _, r := range rows {
		n, _ := r.At(3).(int32)
		valid, _ := r.At(4).(bool)
		l := sparkLine{Digest: str(r.At(2)), Len: int(n), V: verdict{Valid: valid, Code: str(r.At(5)), Path: str(r.At(6))}, Base64: str(r.At(7))}
		out[str(r.At(0))] = append(out[str(r.At(0))], l)
	}
	t.Logf("Spark read %d lines of %d files", len(rows), len(out))
	return out
}
