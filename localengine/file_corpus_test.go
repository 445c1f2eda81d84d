package localengine

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
)

// fileCorpusPath is the shared corpus of files: how Spark's text source
// splits each into lines (measured on Spark 4.1.1; e2e/corpus_test.go
// checks it on the server) and each line's verdict.
const fileCorpusPath = "../contracts/testdata/corpus/order_event_files.jsonl"

// fileCase is one line of the file corpus.
type fileCase struct {
	Name       string     `json:"name"`
	File       *string    `json:"file"`
	FileBase64 *string    `json:"file_base64"`
	Big        int        `json:"big"` // "<BIG>" in the file and payloads stands for Big bytes "y"
	Lines      []fileWant `json:"lines"`
}

// fileWant is one line a file splits into, and its verdict.
type fileWant struct {
	Payload       *string `json:"payload"`
	PayloadBase64 *string `json:"payload_base64"`
	Want          string  `json:"want"`
	Field         string  `json:"field"`
}

func (c fileCase) expand(b []byte) []byte {
	if c.Big == 0 {
		return b
	}
	return bytes.ReplaceAll(b, []byte("<BIG>"), bytes.Repeat([]byte("y"), c.Big))
}

func decodeCorpusText(t *testing.T, s, b64 *string) []byte {
	t.Helper()
	if b64 == nil {
		return []byte(*s)
	}
	raw, err := base64.StdEncoding.DecodeString(*b64)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func readFileCorpus(t *testing.T) []fileCase {
	t.Helper()
	f, err := os.Open(fileCorpusPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []fileCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		var c fileCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s:%d: %v", fileCorpusPath, len(out)+1, err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFileCorpus reads every file of the shared file corpus through the
// file source and validation: the lines are those Spark reads, byte for
// byte (a line over MaxLineBytes is cut, its verdict PAYLOAD_TOO_LARGE as
// on Spark), and each line gets its verdict; the rejected rows carry the
// raw bytes, and their base64 when they are not UTF-8.
func TestFileCorpus(t *testing.T) {
	cases := readFileCorpus(t)
	if len(cases) < 15 {
		t.Fatalf("file corpus has %d cases, want at least 15", len(cases))
	}
	c, ok := contracts.Of[orderstreaming.OrderEvent]()
	if !ok {
		t.Fatal("OrderEvent is not registered")
	}
	dir := t.TempDir()
	for _, fc := range cases {
		t.Run(fc.Name, func(t *testing.T) {
			data := fc.expand(decodeCorpusText(t, fc.File, fc.FileBase64))
			sub := filepath.Join(dir, fc.Name)
			if err := os.MkdirAll(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(sub, "f.jsonl"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			src := &FileSource{Dir: sub}
			src.fitLines(c)
			ps := readFirstBatch(t, src)
			if len(ps) != len(fc.Lines) {
				t.Fatalf("%d lines, want %d", len(ps), len(fc.Lines))
			}
			v, err := newValidator(c, "p")
			if err != nil {
				t.Fatal(err)
			}
			for i, w := range fc.Lines {
				checkCorpusLine(t, v, i, ps[i].Raw, fc.expand(decodeCorpusText(t, w.Payload, w.PayloadBase64)), w)
			}
		})
	}
}

// checkCorpusLine checks line i: its bytes (a prefix of want when cut at
// MaxLineBytes), its verdict, and the raw payload of its rejection.
func checkCorpusLine(t *testing.T, v *validator, i int, got, want []byte, w fileWant) {
	t.Helper()
	if len(want) > MaxLineBytes {
		want = want[:MaxLineBytes]
	}
	if !bytes.Equal(got, want) {
		t.Errorf("line %d = %.80q, want %.80q", i, got, want)
	}
	sb := v.split([]Payload{{Raw: got}}, time.Unix(0, 0))
	if w.Want == "VALID" {
		if len(sb.valid) != 1 {
			t.Errorf("line %d: rejected %v, want VALID", i, sb.invalid)
		}
		return
	}
	if len(sb.invalid) != 1 {
		t.Fatalf("line %d: valid, want %s", i, w.Want)
	}
	r := sb.invalid[0]
	if r[1] != w.Want || r[3] != w.Field {
		t.Errorf("line %d: %v at %q, want %s at %q", i, r[1], r[3], w.Want, w.Field)
	}
	if r[0] != string(got) {
		t.Errorf("line %d: raw_payload %.80q, want the line's bytes", i, r[0])
	}
	b64col := slices.IndexFunc(rejectCols, func(c Column) bool { return c.Name == "raw_payload_base64" })
	if b64, _ := r[b64col].(string); b64 != "" {
		if dec, _ := base64.StdEncoding.DecodeString(b64); !bytes.Equal(dec, got) {
			t.Errorf("line %d: raw_payload_base64 decodes to %.80q", i, dec)
		}
	} else if w.PayloadBase64 != nil {
		t.Errorf("line %d: no raw_payload_base64 for a payload that is not UTF-8", i)
	}
}
