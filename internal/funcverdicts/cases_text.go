package funcverdicts

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/etlgen/etlgen/framework/etl"
)

// URLs are the hostile URLs: every part present, escapes good and bad,
// spaces, IPv4 and IPv6 hosts valid and not, hosts java.net.URI keeps as
// registry names (underscore, non-ASCII, three-part numbers), opaque and
// relative references, and non-BMP text.
var URLs = []any{nil, "", "http://user:pw@Example.com:8080/a/b?x=1&y=2#frag", "https://example.com",
	"http://example.com/a%20b?q=%41&r", "http://a b.com/x", "http://example.com/%zz", "http://[::1]:80/x",
	"http://[fe80::1%eth0]/", "http://[1:2:3:4:5:6:7::]/", "http://[::ffff:1.2.3.4]/", "http://[1.2.3.4]/",
	"http://1.2.3.4:99999/", "http://1.2.3/", "http://host-.com/", "http://münchen.de/p", "http://x_y.com/",
	"http://:80/", "http:///p", "mailto:a@b.com#f", "//host/p?q", "/just/path?utm=1#y", "://x", "1http://x.com",
	"http://x.com/?utm=1&utm=2", "http://x.com/?xutm=1&utm=", "http://x.com/😀?é=ü#ç", "http://x.com/\u00a0",
	"http://x.com/\xff", "file:///etc/passwd"}

// textCases are the text, URL, membership and conditional functions.
func textCases() family {
	f := family{name: "text"}
	s, s2 := typed[string](S), typed[string](S2)
	unary := map[string]irOf{"initcap": etl.InitCap(s), "ltrim": etl.Ltrim(s), "rtrim": etl.Rtrim(s),
		"reverse": etl.Reverse(s), "octet_length": etl.OctetLength(s), "url_encode": etl.URLEncode(s),
		"try_url_decode": etl.URLDecode(s), "translate": etl.Translate(s, "a😀Σb", "x")}
	for _, name := range slices.Sorted(maps.Keys(unary)) {
		f.over(name+"/strings", unary[name], S, Strings)
	}
	f.over("try_url_decode/escapes", etl.URLDecode(s), S, []any{"%", "a%", "%4", "%41", "%+1", "%-0", "%-1", "%e9",
		"%C3%A9", "%E2%82", "%E2%82A", "%F0%9F%98", "%C0%80", "%ED%A0%80", "%FF", "%F4%90%80%80", "a+b", "%２０", "%٣٣", "%Ａ１", "%😀"})
	for _, n := range []int{-1, 0, 2, 5} {
		counted := map[string]irOf{"left": etl.LeftChars(s, n), "right": etl.RightChars(s, n),
			"repeat": etl.Repeat(s, n), "lpad": etl.Lpad(s, n, "xy"), "rpad": etl.Rpad(s, n, "😀é")}
		for _, name := range slices.Sorted(maps.Keys(counted)) {
			f.over(fmt.Sprintf("%s/n=%d", name, n), counted[name], S, Strings)
		}
	}
	f.over("lpad/empty-pad", etl.Lpad(s, 4, ""), S, Strings)
	for _, sub := range []string{"", "a", "😀", "\u0301", " "} {
		f.over(fmt.Sprintf("instr/%q", sub), etl.Instr(s, sub), S, Strings)
		f.over(fmt.Sprintf("startswith/%q", sub), etl.StartsWith(s, sub), S, Strings)
		f.over(fmt.Sprintf("endswith/%q", sub), etl.EndsWith(s, sub), S, Strings)
		f.over(fmt.Sprintf("contains/%q", sub), etl.Contains(s, sub), S, Strings)
		f.over(fmt.Sprintf("replace/%q", sub), etl.Replace(s, sub, "_"), S, Strings)
		f.over(fmt.Sprintf("split_part/%q,2", sub), etl.SplitPart(s, sub, 2), S, Strings)
		f.over(fmt.Sprintf("split_part/%q,-1", sub), etl.SplitPart(s, sub, -1), S, Strings)
		for _, pos := range []int{-1, 0, 2, 100} {
			f.over(fmt.Sprintf("locate/%q,%d", sub, pos), etl.Locate(sub, s, pos), S, Strings)
		}
	}
	f.over("translate/repeated", etl.Translate(s, "aa", "xy"), S, Strings)
	f.cross("concat_ws/pairs", etl.ConcatWS("|", s, s2), S, []any{nil, "", "a", "😀", "\xff"}, S2, []any{nil, "", "b"})
	for _, p := range []string{"", "%", "_", "a%", "%b", "a_b", "\\%", "%\\_%", `a\\b`, "%a%b%", "_é%", "%\u0301"} {
		f.over(fmt.Sprintf("like/%q", p), etl.Like(s, p), S, Strings)
	}
	f.over("like/beyond-bmp", etl.Like(s, "%😀%"), S, Strings)
	f.over("like/bad-escape", etl.Like(s, `a\b`), S, Strings)
	f.over("in/strings", etl.In(s, "abc", "", "😀", "e\u0301"), S, Strings)
	f.over("in/doubles", etl.In(typed[float64](F), 0.0, 1.0), F, Float64s)
	f.over("in/decimals", etl.In(typed[decimalT](D), dec("1.5"), dec("0")), D, Decimals)
	f.cross("nullif/doubles", etl.NullIf(typed[float64](F), typed[float64](F2)), F, Float64s, F2, Float64s)
	f.cross("nullif/strings", etl.NullIf(s, s2), S, OrderedStrings, S2, OrderedStrings)
	f.cross("greatest/doubles", etl.Greatest(typed[float64](F), typed[float64](F2)), F, Float64s, F2, Float64s)
	f.cross("least/doubles", etl.Least(typed[float64](F), typed[float64](F2)), F, Float64s, F2, Float64s)
	f.cross("greatest/strings", etl.Greatest(s, s2), S, OrderedStrings, S2, OrderedStrings)
	f.cross("least/timestamps", etl.Least(typed[time.Time](T), typed[time.Time](T2)), T, Timestamps, T2, Timestamps)
	f.cross("greatest/decimals", etl.Greatest(typed[decimalT](D), typed[decimalT](D2)), D, Decimals, D2, Decimals)
	for _, part := range []etl.URLPart{etl.URLHost, etl.URLPath, etl.URLQuery, etl.URLRef, etl.URLProtocol, etl.URLFile, etl.URLAuthority, etl.URLUserInfo} {
		f.over("try_parse_url/"+string(part), etl.ParseURL(s, part), S, URLs)
	}
	f.over("try_parse_url/query-key", etl.ParseURLQuery(s, "utm"), S, URLs)
	f.over("try_parse_url/strings", etl.ParseURL(s, etl.URLHost), S, Strings)
	return f
}
