package project

import (
	"os"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/irload"
)

// TestCodesDocumented: every code of a failed load (project's and
// irload's) has its row in docs/diagnostics.md.
func TestCodesDocumented(t *testing.T) {
	docs, err := os.ReadFile("../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	codes := []string{CodeProfileUnreadable, CodeIRUnreadable, CodeBadIR, CodeNoPipelines,
		irload.CodeNoPackage, irload.CodeNoModule, irload.CodePattern, irload.CodeUnknownImport, irload.CodeLoadFailed}
	for _, c := range codes {
		if !strings.Contains(string(docs), "| `"+c+"` |") {
			t.Errorf("code %s is not documented in docs/diagnostics.md", c)
		}
	}
}
