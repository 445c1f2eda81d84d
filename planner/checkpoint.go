package planner

import (
	"strings"
)

// CheckpointPath derives a query's checkpoint location from its identity:
// <root>/<pipeline-id>/v<major>/<profile>/<query>. The major version is part of
// it so that a breaking pipeline change (a new major) starts a new checkpoint
// instead of reusing incompatible state; the profile is part of it so that
// two environments never share one.
func CheckpointPath(root, pipelineID, version, profile, query string) string {
	return strings.TrimRight(root, "/") + "/" + Identity(pipelineID, version, profile, query)
}

// Identity is a query's checkpoint identity: <pipeline-id>/v<major>/<profile>/<query>.
func Identity(pipelineID, version, profile, query string) string {
	return pipelineID + "/v" + Major(version) + "/" + profile + "/" + query
}

// Major returns the major number of a semantic version ("1.2.3" → "1",
// "v2" → "2"), or "" when the version has none.
func Major(version string) string {
	v := strings.TrimPrefix(version, "v")
	if i := strings.IndexAny(v, ".-+"); i >= 0 {
		v = v[:i]
	}
	for _, c := range v {
		if c < '0' || c > '9' {
			return ""
		}
	}
	return v
}

// safeSegment reports whether s can be one path segment of a checkpoint
// location on every file system and object store.
func safeSegment(s string) bool {
	if s == "" || s == "." || s == ".." {
		return false
	}
	for _, c := range s {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
		if !ok {
			return false
		}
	}
	return true
}
