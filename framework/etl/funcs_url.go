package etl

import "github.com/etlgen/etlgen/framework/ir"

// URLPart names the part of a URL ParseURL extracts.
type URLPart string

// The parts of a URL, as Spark's parse_url names them.
const (
	URLHost      URLPart = "HOST"
	URLPath      URLPart = "PATH"
	URLQuery     URLPart = "QUERY"
	URLRef       URLPart = "REF"
	URLProtocol  URLPart = "PROTOCOL"
	URLFile      URLPart = "FILE"
	URLAuthority URLPart = "AUTHORITY"
	URLUserInfo  URLPart = "USERINFO"
)

// ParseURL is Spark's try_parse_url(url, part): the part of the URL as
// java.net.URI parses it, still percent-encoded; NULL when the URL is
// malformed or has no such part.
func ParseURL(url Typed[string], part URLPart) Expr[string] {
	return call[string](ir.FuncParseURL, irOf(url), Lit(string(part)).e)
}

// ParseURLQuery is try_parse_url(url, 'QUERY', key): the raw value of the
// first key=value pair of the query named key (letters, digits, _ and -);
// NULL when the URL is malformed or has no such key.
func ParseURLQuery(url Typed[string], key string) Expr[string] {
	return call[string](ir.FuncParseURL, irOf(url), Lit(string(URLQuery)).e, Lit(key).e)
}

// URLEncode is url_encode(s): application/x-www-form-urlencoded in UTF-8
// (space as +).
func URLEncode(s Typed[string]) Expr[string] { return call[string](ir.FuncURLEncode, irOf(s)) }

// URLDecode is Spark's try_url_decode(s): the inverse of URLEncode; NULL
// when s has a malformed % escape.
func URLDecode(s Typed[string]) Expr[string] { return call[string](ir.FuncURLDecode, irOf(s)) }
