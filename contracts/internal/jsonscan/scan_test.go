package jsonscan

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func manyKeys(n int, dupAt int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf(`"k%d":%d`, i, i)
	}
	if dupAt >= 0 {
		parts[n-1] = fmt.Sprintf(`"k%d":0`, dupAt)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		wantErr string // substring of the error, "" for success
	}{
		{`{}`, ""}, {`[]`, ""}, {`"x"`, ""}, {`0`, ""}, {`-0.5e+10`, ""}, {`1E-2`, ""},
		{`true`, ""}, {`false`, ""}, {`null`, ""}, {" \t\n\r{ \"a\" : [ 1 , 2 ] } \n", ""},
		{`"\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"`, ""},
		{manyKeys(40, -1), ""},
		{``, "empty payload"}, {`   `, "empty payload"},
		{`{`, "expected a member name"}, {`{"a"}`, "expected ':'"}, {`{"a":1,}`, "expected a member name"},
		{`[1,]`, "unexpected character"}, {`[1 2]`, "expected ',' or ']'"}, {`{"a":1 "b":2}`, "expected ',' or '}'"},
		{`01`, "unexpected data"}, {`-`, "invalid number"}, {`1.`, "no digit after '.'"}, {`1e`, "no digit in the exponent"},
		{`+1`, "unexpected character"}, {`.5`, "unexpected character"}, {`NaN`, "unexpected character"},
		{`tru`, "invalid literal"}, {`nul`, "invalid literal"}, {`truex`, "unexpected data"},
		{`"abc`, "unterminated string"}, {"\"a\tb\"", "control character"}, {`"\x"`, "invalid escape"},
		{`"\u12"`, `invalid \u escape`}, {`"\`, "unterminated escape"},
		{`"\ud800"`, "lone high surrogate"}, {`"\ud800\u0041"`, "lone high surrogate"}, {`"\udc00"`, "lone low surrogate"},
		{`{"a":1,"a":2}`, `duplicate member name "a"`}, {`{"a":1,"\u0061":2}`, `duplicate member name "a"`},
		{`[{"x":{"b":1,"b":1}}]`, `duplicate member name "b"`}, {manyKeys(40, 7), `duplicate member name "k7"`},
		{`{"a":1,"b":2,"ab":3}`, ""}, {`{"a":1} x`, "unexpected data"}, {`{"axb":1,"ayb":2}`, ""},
		{`{"":1,"":2}`, `duplicate member name ""`}, {`{"axb":1,"a\u0078b":2}`, `duplicate member name "axb"`},
		{strings.Repeat("[", 999) + strings.Repeat("]", 999), ""},
		{strings.Repeat("[", 1000) + strings.Repeat("]", 1000), "nesting deeper than 999"},
		{`{"` + strings.Repeat("a", 50001) + `":1}`, "member name longer than 50000"},
	}
	var p Parser
	for _, tc := range tests {
		err := p.Parse([]byte(tc.in))
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("Parse(%.40q) = %v, want success", tc.in, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("Parse(%.40q) = %v, want %q", tc.in, err, tc.wantErr)
		case tc.wantErr == "" && !json.Valid([]byte(tc.in)):
			t.Errorf("Parse(%.40q) accepted what encoding/json rejects", tc.in)
		}
	}
}

func TestTape(t *testing.T) {
	in := `{"a":[1,{"b":"x\n"}],"c":null}`
	var p Parser
	if err := p.Parse([]byte(in)); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		kind      Kind
		text      string
		next, len int32
	}{
		{Object, in, 9, 2}, {String, `"a"`, 2, 0}, {Array, `[1,{"b":"x\n"}]`, 7, 2}, {Number, `1`, 4, 0},
		{Object, `{"b":"x\n"}`, 7, 1}, {String, `"b"`, 6, 0}, {String, `"x\n"`, 7, 0}, {String, `"c"`, 8, 0}, {Null, `null`, 9, 0},
	}
	if len(p.Tape) != len(want) {
		t.Fatalf("tape has %d nodes, want %d", len(p.Tape), len(want))
	}
	for i, w := range want {
		n := p.Tape[i]
		if n.Kind != w.kind || string(n.Bytes([]byte(in))) != w.text || n.Next != w.next || n.Len != w.len {
			t.Errorf("node %d = %v %q next %d len %d, want %v %q next %d len %d", i, n.Kind, n.Bytes([]byte(in)), n.Next, n.Len, w.kind, w.text, w.next, w.len)
		}
	}
	if !p.Tape[6].Has(Escaped) || p.Tape[5].Has(Escaped) {
		t.Errorf("escape flags wrong: %v %v", p.Tape[6].Flags, p.Tape[5].Flags)
	}
}

func TestNumberFlags(t *testing.T) {
	tests := []struct {
		in   string
		want Flags
	}{{"12", 0}, {"-1.5", Fraction}, {"1e5", Exponent}, {"1.5E-3", Fraction | Exponent}}
	var p Parser
	for _, tc := range tests {
		if err := p.Parse([]byte(tc.in)); err != nil || p.Tape[0].Flags != tc.want {
			t.Errorf("Parse(%s) flags = %v (%v), want %v", tc.in, p.Tape[0].Flags, err, tc.want)
		}
	}
}

func TestAppendUnescaped(t *testing.T) {
	tests := []struct{ in, want string }{
		{`abc`, "abc"}, {`a\"b\\c\/d`, `a"b\c/d`}, {`\b\f\n\r\t`, "\b\f\n\r\t"},
		{`\u00e9\u20AC`, "é€"}, {`\ud83d\ude00!`, "😀!"}, {`é`, "é"},
	}
	for _, tc := range tests {
		if got := string(AppendUnescaped(nil, []byte(tc.in))); got != tc.want {
			t.Errorf("AppendUnescaped(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Null: "null", True: "boolean", Number: "number", String: "string", Object: "object", Array: "array", 0: "invalid"} {
		if k.String() != want {
			t.Errorf("%d.String() = %q, want %q", k, k.String(), want)
		}
	}
}

// TestStringScanEveryPosition puts each special byte at every position of a
// long string, so that the 8-byte fast path and the byte loop both see it.
func TestStringScanEveryPosition(t *testing.T) {
	var p Parser
	for pos := range 24 {
		for _, special := range []string{"\t", "\x1f", `\n`, `\"`, "é", "\x7f"} {
			s := strings.Repeat("a", pos) + special + strings.Repeat("b", 24-pos)
			in := `"` + s + `"`
			err := p.Parse([]byte(in))
			if wantOK := json.Valid([]byte(in)); (err == nil) != wantOK {
				t.Fatalf("Parse(%q) = %v, encoding/json valid = %v", in, err, wantOK)
			}
			if err == nil && p.Tape[0].End != int32(len(in)) {
				t.Fatalf("Parse(%q) ended at %d", in, p.Tape[0].End)
			}
		}
	}
}

// TestNumberLength: the number length limit at its boundary (999, 1000,
// 1001 counted digits) for each way Jackson 2.20 counts (see numberLength).
// Checked on Spark 4.1.1 with try_parse_json on '[{"a":N},"x"]': every
// "ok" case parses and every "long" case is NULL.
func TestNumberLength(t *testing.T) {
	r := strings.Repeat
	tests := []struct {
		name string
		in   string
		n    int // the counted length
	}{
		{"integer", r("1", 999), 999},
		{"integer", r("1", 1000), 1000},
		{"integer", r("1", 1001), 1001},
		{"negative integer: the sign does not count", "-" + r("1", 1000), 1000},
		{"negative integer", "-" + r("1", 1001), 1001},
		{"fraction: '.' does not count", "1." + r("1", 998), 999},
		{"fraction", "1." + r("1", 999), 1000},
		{"fraction", "-1." + r("1", 1000), 1001},
		{"fraction and integer", r("1", 500) + "." + r("1", 501), 1001},
		{"exponent: e and its sign do not count", "1" + r("0", 997) + "e+15", 1000},
		{"exponent", "1" + r("0", 998) + "E15", 1001},
		{"all parts", "1." + r("1", 499) + "e-" + r("1", 500), 1000},
		{"all parts", "1." + r("1", 500) + "e-" + r("1", 500), 1001},
		{"0.x counts the fraction only", "0." + r("1", 999), 999},
		{"0.x", "0." + r("1", 1000), 1000},
		{"0.x", "-0." + r("1", 1001), 1001},
		{"0ey counts the exponent only", "0e" + r("1", 1000), 1000},
		{"0ey", "0e-" + r("1", 1001), 1001},
		{"0.xey counts the 0 too", "0." + r("1", 998) + "e1", 1000},
		{"0.xey", "0." + r("1", 999) + "e1", 1001},
		{"0.xey", "-0." + r("1", 499) + "e-" + r("1", 500), 1000},
		{"zero", "-0", 1},
	}
	var p Parser
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%d", tc.name, tc.n), func(t *testing.T) {
			err := p.Parse([]byte("[" + tc.in + "]"))
			switch {
			case tc.n <= MaxNumberLength && err != nil:
				t.Errorf("Parse(%.30q…, %d chars) = %v, want success", tc.in, len(tc.in), err)
			case tc.n > MaxNumberLength && (err == nil || !strings.Contains(err.Error(), fmt.Sprintf("longer than 1000 digits (%d as", tc.n))):
				t.Errorf("Parse(%.30q…, %d chars) = %v, want a number of %d digits rejected", tc.in, len(tc.in), err, tc.n)
			}
		})
	}
}
