package run

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
)

// TestLiveOpenLineageSpark: the Spark engine's events (a real run on the
// stack) validate against the official OpenLineage schema too, and each
// query's run is START, RUNNING per batch (its batch facet with the
// checkpoint and the source's offsets), COMPLETE.
func TestLiveOpenLineageSpark(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("set ETLGEN_STACK=1 with the local stack running (scripts/stack.sh up)")
	}
	schemas := loadOLSchemas(t)
	t.Setenv(StateDirEnv, t.TempDir())
	r := newEventsRig(t, profile.EnginePySpark)
	r.write(order(1, 1, "2026-07-15T10:50:00Z", "paid"), "not json")
	r.write(order(2, 2, "2026-07-15T11:20:00Z", "paid"))
	file := filepath.Join(r.dir, "lineage.jsonl")
	rep := r.liveRun(r.model("{type: available-now}", fmt.Sprintf("  openlineage: {file: %q}\n", file)), &recorder{}, false)
	byJob := map[string][]string{}
	batchFacets := 0
	for _, l := range readLines(t, file) {
		ev := schemas.validate(t, l)
		job := ev["job"].(map[string]any)["name"].(string)
		byJob[job] = append(byJob[job], ev["eventType"].(string))
		if b, ok := ev["run"].(map[string]any)["facets"].(map[string]any)["etlgen_batch"].(map[string]any); ok {
			batchFacets++
			if b["checkpoint"] == "" || b["checkpoint"] == nil || b["offsets"] == nil {
				t.Errorf("batch facet without checkpoint or offsets: %s", l)
			}
			if strings.Contains(string(l), `"end":"`) {
				t.Errorf("an offset as a string, not JSON: %s", l)
			}
			if batchFacets == 1 {
				t.Logf("a RUNNING event: %s", l)
			}
		}
	}
	t.Logf("events by job: %v (report %+v)", byJob, rep.Lineage)
	for _, q := range []string{windows, rejected} {
		got := strings.Join(byJob["customer-order-streaming."+q], " ")
		if !strings.HasPrefix(got, "START RUNNING") || !strings.HasSuffix(got, "COMPLETE") {
			t.Errorf("query %s: events %s, want START, RUNNING…, COMPLETE", q, got)
		}
	}
	if batchFacets == 0 || rep.Lineage == nil || rep.Lineage.Failed != 0 {
		t.Errorf("batch facets %d, report %+v", batchFacets, rep.Lineage)
	}
}
