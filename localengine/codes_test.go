package localengine

import (
	"os"
	"strings"
	"testing"
)

// TestCodesDocumented: every code the engine returns is in
// docs/diagnostics.md.
func TestCodesDocumented(t *testing.T) {
	docs, err := os.ReadFile("../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{CodeCheckpointLocked, CodeCheckpointGap, CodeSinkLogMismatch, CodeStateChain, CodeExpectationFailed,
		CodeCheckpointUnreadable, CodeFileUnwritable, CodeSinkLogCorrupt} {
		if !strings.Contains(string(docs), "`"+c+"`") {
			t.Errorf("code %s is not documented in docs/diagnostics.md", c)
		}
	}
}
