package funcverdicts

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/framework/etl"
)

// JSONTexts are JSON documents that break readers: malformed ones (single
// quotes, trailing commas, leading zeros, comments, raw control
// characters), duplicate keys, text after the value, numbers in every form
// (exponents, -0, big integers, 38 and 39 digits, beyond a double), nested
// values, escapes, surrogates paired and not, non-BMP keys, invalid UTF-8,
// keys that need quoting, and the Strings pool.
var JSONTexts = append(append([]any{}, Strings...),
	`{"a":{"b":"x"},"n":1}`, `{"a":1,"a":2}`, `{"a":1} x`, `{"a":1}}`, `1 2`, `1x`, `truex`, `true x`, `true]`,
	`{'a':1}`, `{"a":1,}`, `[1,]`, `{"a":01}`, `{"a":.5}`, `{"a":1.}`, `{"a":NaN}`, `/*c*/1`, "{\"a\":\"x\ty\"}",
	`{"a":1e2}`, `{"a":1E2}`, `{"a":-0}`, `{"a":-0.0}`, `{"a":-0.0e0}`, `{"a":1.50}`, `{"a":100.0}`, `{"a":0.0000001}`,
	`{"a":12345678901234567890123}`, `{"a":123456789012345678901234567890123456789012}`,
	`{"a":1.2345678901234567890123456789012345678}`, `{"a":1.23456789012345678901234567890123456789}`,
	`{"a":1e400}`, `{"a":1e-400}`, `{"a":1e7}`, `{"a":0.001}`, `{"a":-9223372036854775808}`, `{"a":9223372036854775808}`,
	`{"a":3000000000}`, `{"a":12.9}`, `{"a":-12.9e0}`, `{"a":true}`, `{"a":false}`, `{"a":null}`,
	`{"a":"12"}`, `{"a":" 12 "}`, `{"a":"+7"}`, `{"a":"1.0"}`, `{"a":"1e2"}`, `{"a":"\t-3\n"}`, `{"a":"yes"}`, `{"a":" T "}`,
	`{"a":"No"}`, `{"a":"0"}`, `{"a":"\u00a0yes"}`, `{"a":"maybe"}`, `{"a":""}`,
	`{"a":{"z":1,"b":[1,2.0,"x",null,true]}}`, `{"a":[]}`, `{"a":{}}`, `{"a":[1e400,-0.0e0,0.10]}`,
	`{"a":"\ud83d\ude00"}`, `{"a":"\ud800"}`, `{"a":"\udc00x"}`, `{"a":"\u0000\u001f\u007f\u2028"}`, `{"a":"\"\\\/\b\f\n\r\t"}`,
	`{"a":["x\"\n\u0001é😀"]}`, `{"é":1,"z":2,"😀":3,"\uffff":4,"A":5,"a":6}`, "{\"a\":\"\xff\"}", "{\"a\xff\":1}",
	`{"a b":1,"a.b":2,"items":[10,[20,{"b":[30]}]]}`, `[1,[2,{"b":[3]}]]`, `{"A":1}`, `"a"x`, `  {"a":7}  `, "\t\r\n{\"a\":8}",
	"\u00a0{\"a\":9}", `{"a":"\x"}`, `{"a":"\u12"}`, `{"a":1e}`, `-`, `{"a":[1,2,3]}`,
	`1]`, `1,`, `1 ]`, `null,`, `false}`, `true😀`, "trueé", "true\u007f", "true_", "true$", "true\u200b", `[true]x`, `[truex]`, `[1x]`, `"s"]`,
	nested(999), nested(1000), nested(1001))

// nested is n arrays, one in the other, around 1: Jackson's nesting limit
// is 1000.
func nested(n int) string { return strings.Repeat("[", n) + "1" + strings.Repeat("]", n) }

// jsonCases are JSONValid and JSONGet over the texts, per path and type.
func jsonCases() family {
	f := family{name: "json"}
	s := typed[string](S)
	f.over("json_valid/texts", etl.JSONValid(s), S, JSONTexts)
	for _, p := range []string{"$", "$.a", "$.a.b", "$.n", "$['a b']", "$[\"a.b\"]", "$.items[0]", "$.items[1][1].b[0]",
		"$[1][1].b[0]", "$[0]", "$.a[1]", "$.é", "$['😀']", "$.A", "$.a.z"} {
		f.over(fmt.Sprintf("json_get/string/%q", p), etl.JSONGet[string](s, p), S, JSONTexts)
	}
	for _, p := range []string{"$.a", "$.a[0]"} {
		f.over(fmt.Sprintf("json_get/bigint/%q", p), etl.JSONGet[int64](s, p), S, JSONTexts)
		f.over(fmt.Sprintf("json_get/int/%q", p), etl.JSONGet[int32](s, p), S, JSONTexts)
		f.over(fmt.Sprintf("json_get/boolean/%q", p), etl.JSONGet[bool](s, p), S, JSONTexts)
	}
	for _, p := range []string{"a", "$.a.", "$.*", "$[-1]", "$..a", "$.a-b", "$['a\\'b']", "$[01]", "$.1a"} {
		f.over(fmt.Sprintf("json_get/refused-path/%q", p), etl.JSONGet[string](s, p), S, JSONTexts[:4])
	}
	return f
}
