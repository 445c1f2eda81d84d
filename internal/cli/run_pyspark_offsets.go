package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// isDeltaOffset reports whether a Spark source offset is a Delta table
// version (a delta or delta-cdf source): its JSON carries reservoirVersion.
func isDeltaOffset(raw json.RawMessage) bool {
	return bytes.Contains(raw, []byte(`"reservoirVersion"`))
}

// compactOffset renders Spark's offset JSON on one line, or "-" when absent.
func compactOffset(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return "-"
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}

// offsetSuffix is what a batch line adds for a Delta source: its start and
// end offsets (the reservoir version), as the local engine prints them.
func offsetSuffix(start, end json.RawMessage) string {
	if !isDeltaOffset(end) {
		return ""
	}
	return fmt.Sprintf(" startOffset=%s endOffset=%s", compactOffset(start), compactOffset(end))
}

// printResumePositions labels each Delta-sourced query's last end offset as
// the position the next run resumes after.
func printResumePositions(w io.Writer, rep *sparkReport) {
	for _, q := range rep.Queries {
		if isDeltaOffset(q.FinalOffsets) {
			fmt.Fprintf(w, "resume position %s: %s (the checkpoint's last committed end offset)\n", q.Name, compactOffset(q.FinalOffsets))
		}
	}
}
