package localengine

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Spark's parse_url parses with java.net.URI (RFC 2396, with Java's
// deviations: IPv6 literals, empty authority and path; an authority that is
// not host[:port] is kept as a registry name with no host). The parser
// below follows that grammar so that both engines answer alike;
// try_parse_url answers NULL where java.net.URI throws.

// errURI is a URL java.net.URI refuses.
var errURI = errors.New("malformed URI")

// javaURI holds the raw components of a parsed URI; nil is absent.
type javaURI struct {
	scheme, authority, userInfo, host, path, query, fragment *string
}

// uriParser parses one input, as java.net.URI's parser does.
type uriParser struct {
	in  []rune
	uri javaURI
}

func ptr(s string) *string { return &s }

// urlParts extract the parts parse_url names from a parsed URI.
var urlParts = map[string]func(u javaURI) *string{
	"HOST":      func(u javaURI) *string { return u.host },
	"PATH":      func(u javaURI) *string { return u.path },
	"QUERY":     func(u javaURI) *string { return u.query },
	"REF":       func(u javaURI) *string { return u.fragment },
	"PROTOCOL":  func(u javaURI) *string { return u.scheme },
	"AUTHORITY": func(u javaURI) *string { return u.authority },
	"USERINFO":  func(u javaURI) *string { return u.userInfo },
	"FILE": func(u javaURI) *string {
		if u.query != nil && u.path != nil {
			return ptr(*u.path + "?" + *u.query)
		}
		return u.path
	},
}

// parseURLFn is try_parse_url(url, part[, key]).
func parseURLFn(a []any) any {
	u, err := parseJavaURI(a[0].(string))
	part, ok := urlParts[a[1].(string)]
	if err != nil || !ok {
		return nil
	}
	v := part(u)
	if v != nil && len(a) == 3 {
		v = queryValue(*v, a[2].(string))
	}
	if v == nil {
		return nil
	}
	return *v
}

// queryKeys caches the pattern of each query key.
var queryKeys sync.Map

// queryValue is the value of the first key=value pair of a query, as
// Spark finds it: the pattern (&|^)key=([^&]*) (keys are plain words,
// checked by schema inference).
func queryValue(query, key string) *string {
	v, ok := queryKeys.Load(key)
	if !ok {
		v, _ = queryKeys.LoadOrStore(key, regexp.MustCompile(`(&|^)`+regexp.QuoteMeta(key)+`=([^&]*)`))
	}
	m := v.(*regexp.Regexp).FindStringSubmatch(query)
	if m == nil {
		return nil
	}
	return &m[2]
}

// parseJavaURI parses s as new java.net.URI(s) does.
func parseJavaURI(s string) (javaURI, error) {
	p := &uriParser{in: []rune(s)}
	n := len(p.in)
	i := p.scanStop(0, n, "/?#", ":")
	if i >= 0 && i < n && p.in[i] == ':' {
		if i == 0 || !classAlpha.has(p.in[0]) || p.scan(1, i, classScheme) < i {
			return javaURI{}, errURI
		}
		p.uri.scheme = ptr(string(p.in[:i]))
		i++
		if p.at(i, '/') {
			var err error
			if i, err = p.hierarchical(i, n); err != nil {
				return javaURI{}, err
			}
		} else {
			q := p.scanStop(i, n, "", "#")
			if q <= i || p.check(i, q, classURIC) != nil {
				return javaURI{}, errURI
			}
			i = q
		}
	} else {
		var err error
		if i, err = p.hierarchical(0, n); err != nil {
			return javaURI{}, err
		}
	}
	if p.at(i, '#') {
		if err := p.check(i+1, n, classURIC); err != nil {
			return javaURI{}, err
		}
		p.uri.fragment = ptr(string(p.in[i+1:]))
		i = n
	}
	if i < n {
		return javaURI{}, errURI
	}
	return p.uri, nil
}

func (p *uriParser) at(i int, c rune) bool { return i < len(p.in) && p.in[i] == c }

// scanStop is the index of the first character of stop at or after start
// (end if none); -1 when a character of errs comes first.
func (p *uriParser) scanStop(start, end int, errs, stop string) int {
	for i := start; i < end; i++ {
		switch {
		case strings.ContainsRune(errs, p.in[i]):
			return -1
		case strings.ContainsRune(stop, p.in[i]):
			return i
		}
	}
	return end
}

// scan is the end of the longest run of class characters from start; a
// malformed escape where escapes are allowed ends the run at -2.
func (p *uriParser) scan(start, end int, c charClass) int {
	i := start
	for i < end {
		r := p.in[i]
		switch {
		case c.has(r):
			i++
		case c.escaped && r == '%':
			if i+3 > end || !classHex.has(p.in[i+1]) || !classHex.has(p.in[i+2]) {
				return -2
			}
			i += 3
		case c.escaped && visibleNonASCII(r):
			i++
		default:
			return i
		}
	}
	return i
}

// check requires every character from start to end to be of class c.
func (p *uriParser) check(start, end int, c charClass) error {
	if p.scan(start, end, c) != end {
		return errURI
	}
	return nil
}

// hierarchical parses [//authority]path[?query] from start.
func (p *uriParser) hierarchical(start, n int) (int, error) {
	i := start
	if p.at(i, '/') && p.at(i+1, '/') {
		i += 2
		q := p.scanStop(i, n, "", "/?#")
		switch {
		case q > i:
			if err := p.authority(i, q); err != nil {
				return 0, err
			}
			i = q
		case q >= n:
			return 0, errURI // an authority is expected
		}
	}
	q := p.scanStop(i, n, "", "?#")
	if err := p.check(i, q, classPath); err != nil {
		return 0, err
	}
	p.uri.path = ptr(string(p.in[i:q]))
	i = q
	if p.at(i, '?') {
		i++
		q = p.scanStop(i, n, "", "#")
		if err := p.check(i, q, classURIC); err != nil {
			return 0, err
		}
		p.uri.query = ptr(string(p.in[i:q]))
		i = q
	}
	return i, nil
}

// authority parses a server authority ([userinfo@]host[:port]), else keeps
// it as a registry name (no host) when its characters allow.
func (p *uriParser) authority(start, end int) error {
	server := classServer
	if p.scanStop(start, end, "", "]") < end {
		server = classServerPc
	}
	sc, rc := p.scan(start, end, server), p.scan(start, end, classRegName)
	if sc == -2 || rc == -2 {
		return errURI
	}
	serverChars, regChars := sc == end, rc == end
	if serverChars {
		saved := p.uri
		if err := p.server(start, end); err == nil {
			p.uri.authority = ptr(string(p.in[start:end]))
			return nil
		}
		p.uri = saved
	}
	if !regChars {
		return errURI
	}
	p.uri.authority = ptr(string(p.in[start:end]))
	return nil
}

// server parses [userinfo@]host[:port] filling the whole authority.
func (p *uriParser) server(start, end int) error {
	i := start
	if q := p.scanStop(i, end, "/?#", "@"); q >= i && q < end && p.in[q] == '@' {
		if err := p.check(i, q, classUserInfo); err != nil {
			return err
		}
		p.uri.userInfo = ptr(string(p.in[i:q]))
		i = q + 1
	}
	var err error
	if p.at(i, '[') {
		i, err = p.ipv6Host(i, end)
	} else if q := p.ipv4(i, end); q > i {
		i = q
	} else {
		i, err = p.hostname(i, end)
	}
	if err != nil {
		return err
	}
	if p.at(i, ':') {
		i++
		q := p.scan(i, end, classDigit)
		if q > i {
			if _, err := strconv.ParseInt(string(p.in[i:q]), 10, 32); err != nil {
				return errURI
			}
			i = q
		}
	}
	if i < end {
		return errURI
	}
	return nil
}
