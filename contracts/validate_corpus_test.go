package contracts_test

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"os"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// corpusLine is one line of testdata/corpus/*.jsonl, the engine-neutral
// corpus that the Go validator and the Spark SQL predicates must both pass.
type corpusLine struct {
	Name          string  `json:"name"`
	Payload       *string `json:"payload"`
	PayloadBase64 *string `json:"payload_base64"`
	Want          string  `json:"want"`
	Field         string  `json:"field"`
}

// raw returns the payload bytes: payload_base64 carries bytes that are not
// valid UTF-8.
func (l corpusLine) raw() ([]byte, error) {
	if l.PayloadBase64 != nil {
		return base64.StdEncoding.DecodeString(*l.PayloadBase64)
	}
	return []byte(*l.Payload), nil
}

func readCorpus(t *testing.T, path string) []corpusLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []corpusLine
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		var l corpusLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("%s:%d: %v", path, len(lines)+1, err)
		}
		if (l.Payload == nil) == (l.PayloadBase64 == nil) || l.Name == "" || l.Want == "" {
			t.Fatalf("%s:%d: need a name, a want and exactly one of payload, payload_base64", path, len(lines)+1)
		}
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

func TestOrderEventCorpus(t *testing.T) {
	lines := readCorpus(t, "testdata/corpus/order_event.jsonl")
	if len(lines) < 60 {
		t.Fatalf("corpus has %d payloads, want at least 60", len(lines))
	}
	seen := map[string]bool{}
	codes := map[contracts.ReasonCode]bool{}
	v, err := contracts.NewValidator[valOrderEvent]()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		if seen[l.Name] {
			t.Fatalf("duplicate corpus name %q", l.Name)
		}
		seen[l.Name] = true
		t.Run(l.Name, func(t *testing.T) {
			raw, err := l.raw()
			if err != nil {
				t.Fatal(err)
			}
			want := verdict{code: contracts.ReasonCode(l.Want), path: l.Field}
			if l.Want == "VALID" {
				want = verdict{}
			} else if !want.code.Known() {
				t.Fatalf("unknown reason code %q", l.Want)
			}
			codes[want.code] = true
			_, rej := v.Validate(raw)
			checkVerdict(t, raw, rej, want)
		})
	}
	for _, c := range []contracts.ReasonCode{"", contracts.ReasonInvalidUTF8, contracts.ReasonMalformedJSON, contracts.ReasonNotAnObject,
		contracts.ReasonMissingRequired, contracts.ReasonWrongType, contracts.ReasonOutOfRange, contracts.ReasonDecimalOverflow,
		contracts.ReasonInvalidTimestamp, contracts.ReasonBadLength, contracts.ReasonBadEnum} {
		if !codes[c] {
			t.Errorf("corpus has no payload with verdict %q", c)
		}
	}
}
