package gen

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// pageLink is one URL-valued attribute of a page and the tag holding it.
type pageLink struct{ Tag, Attr, Value string }

// urlAttr matches a tag and one of its URL-valued attributes.
var urlAttr = regexp.MustCompile(`(?is)<([a-z]+)\b([^<>]*?)\s(href|src|srcset|action|poster|data)\s*=\s*"([^"]*)"`)

// pageLinks lists the URL-valued attributes of a page's markup.
func pageLinks(src string) []pageLink {
	var out []pageLink
	for _, m := range urlAttr.FindAllStringSubmatch(src, -1) {
		tag := strings.ToLower(m[1])
		if strings.Contains(m[2], `class="ext"`) {
			tag += ".ext"
		}
		out = append(out, pageLink{Tag: tag, Attr: strings.ToLower(m[3]), Value: m[4]})
	}
	return out
}

// external reports whether the link names a scheme or another host.
func (l pageLink) external() bool {
	u, err := url.Parse(l.Value)
	return err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(l.Value, "//")
}

// problem says what is wrong with a link of a self-contained page: any
// attribute that loads a URL, an external link other than a support
// channel (<a class="ext">), "" when it is fine.
func (l pageLink) problem() string {
	switch {
	case l.Attr != "href":
		return fmt.Sprintf("<%s %s=%q> loads a URL", l.Tag, l.Attr, l.Value)
	case l.external() && l.Tag != "a.ext":
		return fmt.Sprintf("<%s href=%q> links outside the docs", l.Tag, l.Value)
	}
	return ""
}
