package localengine

import (
	"strconv"
	"strings"
)

// ipv4 parses a dotted IPv4 host as java.net.URI tries it first: the end of
// the address, or -1 when it is not one (then the host is a hostname).
func (p *uriParser) ipv4(start, end int) int {
	m := p.scan(start, end, classDigitDot)
	if m <= start {
		return -1
	}
	i := start
	for part := 0; part < 4; part++ {
		if part > 0 {
			if !p.at(i, '.') || i >= m {
				return -1
			}
			i++
		}
		q := p.scan(i, m, classDigit)
		if q <= i {
			return -1
		}
		if n, err := strconv.Atoi(string(p.in[i:q])); err != nil || n > 255 {
			return -1
		}
		i = q
	}
	if i < m || i < end && p.in[i] != ':' {
		return -1
	}
	p.uri.host = ptr(string(p.in[start:i]))
	return i
}

// hostname parses labels of letters, digits and inner dashes separated by
// dots; the last label of a dotted name starts with a letter.
func (p *uriParser) hostname(start, end int) (int, error) {
	i, last := start, -1
	for i < end {
		q := p.scan(i, end, classAlphanum)
		if q <= i {
			break
		}
		last, i = i, q
		if q = p.scan(i, end, classHostPart); q > i {
			if p.in[q-1] == '-' {
				return 0, errURI
			}
			i = q
		}
		if !p.at(i, '.') {
			break
		}
		i++
	}
	if i < end && p.in[i] != ':' || last < 0 || last > start && !classAlpha.has(p.in[last]) {
		return 0, errURI
	}
	p.uri.host = ptr(string(p.in[start:i]))
	return i, nil
}

// ipv6Host parses [IPv6address] or [IPv6address%scope], brackets kept in
// the host.
func (p *uriParser) ipv6Host(start, end int) (int, error) {
	i := start + 1
	q := p.scanStop(i, end, "/?#", "]")
	if q <= i || q >= end || p.in[q] != ']' {
		return 0, errURI
	}
	addrEnd := p.scanStop(i, q, "", "%")
	if addrEnd == i || !p.ipv6(i, addrEnd) {
		return 0, errURI
	}
	if addrEnd < q && (addrEnd+1 == q || p.check(addrEnd+1, q, classScopeID) != nil) {
		return 0, errURI
	}
	p.uri.host = ptr(string(p.in[start : q+1]))
	return q + 1, nil
}

// ipv6 validates an IPv6 address as java.net.URI does: groups of one to
// four hex digits, at most one ::, optionally an IPv4 address as the last
// group; 16 bytes without ::, at most 14 with it.
func (p *uriParser) ipv6(start, end int) bool {
	s := string(p.in[start:end])
	sides := strings.Split(s, "::")
	if len(sides) > 2 {
		return false
	}
	bytes := 0
	for i, side := range sides {
		if side == "" && len(sides) == 2 {
			continue
		}
		groups := strings.Split(side, ":")
		for j, g := range groups {
			last := i == len(sides)-1 && j == len(groups)-1
			switch {
			case last && strings.Contains(g, ".") && (j > 0 || len(sides) == 2) && ipv4Text(g):
				bytes += 4
			case len(g) >= 1 && len(g) <= 4 && strings.Trim(g, hexChars) == "":
				bytes += 2
			default:
				return false
			}
		}
	}
	if len(sides) == 2 {
		return bytes <= 14
	}
	return bytes == 16
}

// ipv4Text reports whether s is a dotted IPv4 address and nothing else.
func ipv4Text(s string) bool {
	sub := &uriParser{in: []rune(s)}
	return sub.ipv4(0, len(sub.in)) == len(sub.in)
}
