package profile

import (
	"net/url"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/diag"
)

// defaultLineageTimeout bounds one OpenLineage HTTP post when the profile
// does not.
const defaultLineageTimeout = 5 * time.Second

var openLineageKeys = []string{"file", "url", "api_key_env", "namespace", "timeout"}

// OpenLineage is execution.openlineage: where `etlgen run` sends the
// OpenLineage run events of every query (START, RUNNING per micro-batch,
// COMPLETE or FAIL) — a file of JSON lines, an HTTP endpoint, or both.
type OpenLineage struct {
	// File is the JSON-lines file events are appended to ("" none),
	// resolved against the profile's directory.
	File string
	// URL is the endpoint events are posted to (the OpenLineage HTTP
	// transport: POST {url}, one event per request); "" none.
	URL string
	// APIKeyEnv names the environment variable holding the endpoint's API
	// key, sent as a bearer token; "" sends none.
	APIKeyEnv string
	// Namespace is the jobs' namespace (default: the profile's name).
	Namespace string
	// Timeout bounds one post (default 5s).
	Timeout time.Duration
	Pos     diag.Position
}

// openLineage decodes execution.openlineage.
func (d *decoder) openLineage(e entry) *OpenLineage {
	ol := &OpenLineage{Timeout: defaultLineageTimeout, Pos: d.pos(e.key)}
	const path = "execution.openlineage"
	entries, ok := d.mapping(e.val, path)
	if !ok {
		return nil
	}
	if !hasEntry(entries, "file") && !hasEntry(entries, "url") {
		d.report(CodeMissingKey, e.key, path, "add file: lineage.jsonl or url: http://host:5000/api/v1/lineage",
			"execution.openlineage has neither file nor url")
	}
	for _, f := range entries {
		p := join(path, f.name)
		switch f.name {
		case "file":
			if s, ok := d.scalar(f.val, p, "a path"); ok {
				ol.File = resolvePath(d.dir, s)
			}
		case "url":
			ol.URL = d.lineageURL(f.val, p)
		case "api_key_env":
			if v, ok := d.envValue(Option{}, f.val, p); ok {
				ol.APIKeyEnv = v.Str
			}
		case "namespace":
			if s, ok := d.scalar(f.val, p, "a string"); ok {
				ol.Namespace = s
			}
		case "timeout":
			if v, ok := d.duration(f.val, p); ok {
				ol.Timeout = v
			}
		default:
			d.unknownKey(f, path, openLineageKeys, entries)
		}
	}
	return ol
}

// lineageURL decodes an http(s) URL without credentials in it.
func (d *decoder) lineageURL(n *yaml.Node, path string) string {
	s, ok := d.scalar(n, path, "an http or https URL")
	if !ok || d.secretInValue(n, path, s) {
		return ""
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		d.report(CodeBadValue, n, path, "write http://host:port/api/v1/lineage", "%s is not an http or https URL", path)
		return ""
	}
	return s
}
