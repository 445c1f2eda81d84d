package profile

import (
	"fmt"
	"net/url"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/diag"
)

// defaultLineageTimeout bounds one OpenLineage HTTP post when the profile
// does not.
const defaultLineageTimeout = 5 * time.Second

// DefaultLineageBudget bounds the time all OpenLineage posts of a run may
// take together when the profile does not (execution.openlineage.budget).
const DefaultLineageBudget = 30 * time.Second

// MaxLineageTimeout and MaxLineageBudget are the largest timeout and
// budget a profile may set: an endpoint never holds a run's end longer.
const (
	MaxLineageTimeout = time.Minute
	MaxLineageBudget  = 10 * time.Minute
)

var openLineageKeys = []string{"file", "url", "api_key_env", "namespace", "timeout", "budget"}

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
	// Timeout bounds one post (default 5s, at most MaxLineageTimeout).
	Timeout time.Duration
	// Budget bounds the time all posts of a run take together (0: the
	// default, DefaultLineageBudget; at most MaxLineageBudget): then the
	// endpoint is given up and the rest of the events count as failed.
	Budget time.Duration
	Pos    diag.Position
}

// BudgetOr is Budget, or DefaultLineageBudget when the profile sets none.
func (o *OpenLineage) BudgetOr() time.Duration {
	if o.Budget > 0 {
		return o.Budget
	}
	return DefaultLineageBudget
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
			if v, ok := d.lineageDuration(f.val, p, MaxLineageTimeout); ok {
				ol.Timeout = v
			}
		case "budget":
			if v, ok := d.lineageDuration(f.val, p, MaxLineageBudget); ok {
				ol.Budget = v
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

// lineageDuration decodes a positive duration of at most limit.
func (d *decoder) lineageDuration(n *yaml.Node, path string, limit time.Duration) (time.Duration, bool) {
	v, ok := d.duration(n, path)
	if ok && v > limit {
		d.report(CodeBadValue, n, path, fmt.Sprintf("write at most %s: the endpoint may not hold a run's end longer", limit),
			"%s is %s, above the maximum %s", path, v, limit)
		return 0, false
	}
	return v, ok
}
