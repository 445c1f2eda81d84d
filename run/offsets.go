package run

import (
	"bytes"
	"encoding/json"
)

// IsDeltaOffset reports whether a source offset is a Delta table version
// (a delta or delta-cdf source): its JSON carries reservoirVersion.
func IsDeltaOffset(raw json.RawMessage) bool {
	return bytes.Contains(raw, []byte(`"reservoirVersion"`))
}

// CompactOffset renders an offset's JSON on one line, or "-" when absent.
func CompactOffset(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return "-"
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}

// ResumePositions lists, per query and versioned source, where the next run
// resumes: the last committed end offset.
func (r *Report) ResumePositions() []Resume {
	var out []Resume
	for _, q := range r.Queries {
		for _, s := range q.Sources {
			out = append(out, Resume{Query: q.Name, Source: s.Source, Offset: s.Resume})
		}
		if len(q.Sources) == 0 && IsDeltaOffset(q.FinalOffsets) {
			out = append(out, Resume{Query: q.Name, Offset: q.FinalOffsets})
		}
	}
	return out
}

// Resume is where one query resumes reading one versioned source.
type Resume struct {
	Query, Source string
	// Offset is nil before the query's first commit.
	Offset json.RawMessage
}
