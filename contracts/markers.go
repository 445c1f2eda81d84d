package contracts

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// MarkerPrefix starts the marker comment line that declares a contract.
const MarkerPrefix = "+etl:contract"

// Statuses are the accepted values of the status marker key (ODCS).
var Statuses = []string{"proposed", "draft", "active", "deprecated", "retired"}

// markerData is what a +etl:contract line says about a contract.
type markerData struct {
	ID, Version, Owner, Domain, Status string
	UnknownFields                      UnknownFieldPolicy
	MaxPayload                         int
	// The catalog keys: service levels and contacts.
	Freshness, Retention, Support, Contact string
}

var (
	kebabRE  = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
	semverRE = regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$`)
	// slaRE is a service-level duration: a positive whole number and a unit.
	slaRE = regexp.MustCompile(`^[1-9][0-9]{0,8}(s|m|h|d|y)$`)
	// contactRE is an e-mail address or a user name: no spaces, no markup.
	contactRE = regexp.MustCompile(`^[A-Za-z0-9._%+-]+(@[A-Za-z0-9.-]+\.[A-Za-z]{2,})?$`)
)

// SLADuration splits a freshness or retention value ("15m") into its
// number and unit (s, m, h, d or y); false when it is not one.
func SLADuration(v string) (n int, unit string, ok bool) {
	if !slaRE.MatchString(v) {
		return 0, "", false
	}
	n, err := strconv.Atoi(v[:len(v)-1])
	return n, v[len(v)-1:], err == nil
}

// markerKeys applies one marker key each.
var markerKeys = map[string]func(v string, m *markerData, ps *tagProblems){
	"id":             markID,
	"version":        markVersion,
	"owner":          func(v string, m *markerData, _ *tagProblems) { m.Owner = v },
	"domain":         func(v string, m *markerData, _ *tagProblems) { m.Domain = v },
	"status":         markStatus,
	"unknown_fields": markUnknownFields,
	"max_payload":    markMaxPayload,
	"freshness":      markSLA("freshness", func(m *markerData, v string) { m.Freshness = v }),
	"retention":      markSLA("retention", func(m *markerData, v string) { m.Retention = v }),
	"support":        markSupport,
	"contact":        markContact,
}

// parseMarker reads a marker line, "+etl:contract key=value ...". Values may
// be Go "quoted strings". Every problem is reported.
func parseMarker(line string) (markerData, tagProblems) {
	m := markerData{UnknownFields: UnknownAllow}
	var ps tagProblems
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), MarkerPrefix)
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		ps.add(CodeMarkerSyntax, "write "+MarkerPrefix+" id=... version=...", "not a contract marker: %q", line)
		return m, ps
	}
	items, err := parseItems(rest, markerSyntax)
	if err != nil {
		ps.add(CodeMarkerSyntax, "write key=value pairs separated by spaces; quote values with spaces",
			"bad contract marker: %v", err)
	}
	seen := map[string]bool{}
	for _, it := range items {
		markItem(it, &m, seen, &ps)
	}
	if !seen["id"] || !seen["version"] {
		ps.add(CodeMarkerMissing, "add id=kebab-case-id and version=MAJOR.MINOR.PATCH to the marker",
			"contract marker needs both id and version")
	}
	return m, ps
}

func markItem(it tagItem, m *markerData, seen map[string]bool, ps *tagProblems) {
	apply, ok := markerKeys[it.Key]
	switch {
	case !ok:
		ps.add(CodeMarkerUnknownKey, "known keys: id, version, owner, domain, status, unknown_fields, max_payload, freshness, retention, support, contact",
			"unknown contract marker key %q", it.Key)
	case it.HasArgs || !it.HasValue:
		ps.add(CodeMarkerSyntax, "write "+it.Key+"=value", "contract marker key %q needs a value", it.Key)
	case seen[it.Key]:
		ps.add(CodeMarkerSyntax, "write the key once", "contract marker key %q given twice", it.Key)
	default:
		seen[it.Key] = true
		apply(it.Value, m, ps)
	}
}

func markID(v string, m *markerData, ps *tagProblems) {
	if !kebabRE.MatchString(v) {
		ps.add(CodeMarkerBadID, "use lower-case kebab case, e.g. order-event", "contract id %q is not kebab case", v)
		return
	}
	m.ID = v
}

func markVersion(v string, m *markerData, ps *tagProblems) {
	if !semverRE.MatchString(v) {
		ps.add(CodeMarkerBadVersion, "use MAJOR.MINOR.PATCH, e.g. 1.0.0", "contract version %q is not MAJOR.MINOR.PATCH", v)
		return
	}
	m.Version = v
}

func markStatus(v string, m *markerData, ps *tagProblems) {
	for _, s := range Statuses {
		if v == s {
			m.Status = v
			return
		}
	}
	ps.add(CodeMarkerBadStatus, "use one of "+strings.Join(Statuses, ", "), "unknown contract status %q", v)
}

func markUnknownFields(v string, m *markerData, ps *tagProblems) {
	switch p := UnknownFieldPolicy(v); p {
	case UnknownAllow, UnknownReject:
		m.UnknownFields = p
	default:
		ps.add(CodeMarkerBadUnknown, "use unknown_fields=allow or unknown_fields=reject", "unknown_fields %q is neither allow nor reject", v)
	}
}

func markMaxPayload(v string, m *markerData, ps *tagProblems) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		ps.add(CodeMarkerBadMaxPayload, "use max_payload=N with N a positive number of bytes, e.g. 1048576",
			"max_payload %q is not a positive integer", v)
		return
	}
	m.MaxPayload = n
}

// markSLA reads a service-level duration key.
func markSLA(key string, set func(*markerData, string)) func(string, *markerData, *tagProblems) {
	return func(v string, m *markerData, ps *tagProblems) {
		if _, _, ok := SLADuration(v); !ok {
			ps.add(CodeMarkerBadCatalog, "write "+key+"=N followed by a unit s, m, h, d or y, e.g. "+key+"=15m",
				"%s %q is not a positive whole number followed by a unit", key, v)
			return
		}
		set(m, v)
	}
}

// markSupport reads the support channel: an https or mailto URL.
func markSupport(v string, m *markerData, ps *tagProblems) {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "https" && u.Scheme != "mailto") || (u.Scheme == "https" && u.Host == "") || strings.ContainsAny(v, " \t\n\"<>") {
		ps.add(CodeMarkerBadCatalog, "write support=https://... (a chat or ticket channel) or support=mailto:team@example.com",
			"support %q is not an https or mailto URL", v)
		return
	}
	m.Support = v
}

// markContact reads the owning team's contact: an e-mail or a user name.
func markContact(v string, m *markerData, ps *tagProblems) {
	if !contactRE.MatchString(v) {
		ps.add(CodeMarkerBadCatalog, "write contact=team@example.com or contact=user-name",
			"contact %q is neither an e-mail address nor a user name", v)
		return
	}
	m.Contact = v
}
