package planner

import (
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
)

// location is where a binding reads or writes data: a catalog table or a
// storage path, normalised so that two spellings of one place compare
// equal (rule_storage_identity.go).
type location struct {
	// kind is locTable or locPath.
	kind string
	// key is the normalised form: a table's lower-case name without
	// backticks or the spark_catalog prefix; a path's scheme://authority
	// followed by the cleaned path, without a trailing slash.
	key string
	// text is the location as the profile gave it (paths resolved), for
	// messages.
	text string
}

// The kinds of location.
const (
	locTable = "table"
	locPath  = "path"
)

// s3Schemes are the Hadoop connectors of one S3 bucket namespace.
var s3Schemes = map[string]bool{"s3": true, "s3a": true, "s3n": true}

// bindingLocation is the location a binding names: its table, else its
// path; ok is false for assets with neither (Kafka topics, memory
// streams, rate sources). A table written delta.`path` is that path.
// Relative local paths are made absolute against workDir when it is set.
func bindingLocation(b *profile.AssetBinding, workDir string) (location, bool) {
	if b == nil || b.Asset == nil {
		return location{}, false
	}
	if t := b.Table(); t != "" {
		if p, ok := deltaPathTable(t); ok {
			return pathLocation(p, workDir), true
		}
		return tableLocation(t), true
	}
	if p := b.Path(); p != "" {
		return pathLocation(p, workDir), true
	}
	return location{}, false
}

// deltaPathTable recognises Spark SQL's delta.`path` table identifier.
func deltaPathTable(t string) (string, bool) {
	const prefix = "delta.`"
	if len(t) <= len(prefix) || !strings.EqualFold(t[:len(prefix)], prefix) || !strings.HasSuffix(t, "`") {
		return "", false
	}
	return t[len(prefix) : len(t)-1], true
}

// tableLocation normalises a catalog table name: Spark identifiers are
// case-insensitive, backticks only quote, and spark_catalog is the
// session catalog a bare name resolves in.
func tableLocation(t string) location {
	key := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(t), "`", ""))
	key = strings.TrimPrefix(key, "spark_catalog.")
	return location{kind: locTable, key: key, text: t}
}

// pathLocation normalises a path or URI: s3, s3a and s3n name one bucket
// namespace; file: URIs (file:/p, file:///p, file://localhost/p) are local
// paths; the path is cleaned and loses its trailing slash.
func pathLocation(p, workDir string) location {
	loc := location{kind: locPath, text: p}
	if u, err := url.Parse(p); err == nil && len(u.Scheme) > 1 {
		scheme := strings.ToLower(u.Scheme)
		switch {
		case scheme == "file" && u.Opaque != "":
			loc.key = localKey(u.Opaque, workDir)
		case scheme == "file" && (u.Host == "" || u.Host == "localhost"):
			loc.key = localKey(u.Path, workDir)
		default:
			if s3Schemes[scheme] {
				scheme = "s3"
			}
			loc.key = scheme + "://" + u.Host + cleanSlash(u.Path)
		}
		return loc
	}
	loc.key = localKey(p, workDir)
	return loc
}

// localKey is a local path's key: absolute (against workDir when
// relative and workDir is set), slash-separated, cleaned.
func localKey(p, workDir string) string {
	if !filepath.IsAbs(p) && workDir != "" {
		p = filepath.Join(workDir, p)
	}
	p = filepath.ToSlash(p)
	if !path.IsAbs(p) {
		return "rel:" + path.Clean(p)
	}
	return "file://" + cleanSlash(p)
}

// cleanSlash cleans a slash path rooted at /, without a trailing slash.
func cleanSlash(p string) string {
	return path.Clean("/" + p)
}

// overlaps reports whether two locations share data: the same table, or
// paths equal or one inside the other.
func (l location) overlaps(o location) bool {
	if l.kind != o.kind {
		return false
	}
	if l.kind == locTable || l.key == o.key {
		return l.key == o.key
	}
	return within(l.key, o.key) || within(o.key, l.key)
}

// within reports whether path key inner lies under path key outer.
func within(inner, outer string) bool {
	if strings.HasSuffix(outer, "/") {
		return strings.HasPrefix(inner, outer)
	}
	return strings.HasPrefix(inner, outer+"/")
}
