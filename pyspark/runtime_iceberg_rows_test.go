package pyspark_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRuntimeIcebergOutputRows runs the batch line's sink fields
// (etlgen_runtime.progress._outputs) on a query whose sink and late output are
// Iceberg tables, against snapshot rows as `<table>.snapshots` returns
// them: the sink counts the batch's observed rows when the snapshot that
// records the batch is this run's, 0 when an earlier run wrote it (the
// write was skipped) or no snapshot records it; the late output counts its
// snapshot's added-records; no Delta version either way.
func TestRuntimeIcebergOutputRows(t *testing.T) {
	script := `
import etlgen_runtime.iceberg

class Rows:
    def __init__(self, row):
        self.row = row
    def first(self):
        return self.row

class FakeSpark:
    """Answers the snapshot queries of iceberg_commit_of from snapshots: (table, app id, batch id) -> (snapshot id, summary)."""
    def __init__(self, snapshots):
        self.snapshots = snapshots
    def sql(self, text):
        for (table, app, batch), (sid, summary) in self.snapshots.items():
            if text.startswith("SELECT snapshot_id, summary FROM %s.snapshots" % table) and rt.sql_string(app) in text and rt.sql_string(str(batch)) in text:
                return Rows({"snapshot_id": sid, "summary": summary})
        return Rows(None)

mine = {"etlgen.app_id": "w", "etlgen.batch_id": "3", "etlgen.run_id": rt.RUN_ID, "added-records": "40"}
earlier = dict(mine, **{"etlgen.run_id": "an-earlier-run"})
late = {"etlgen.app_id": "l", "etlgen.batch_id": "3", "etlgen.run_id": rt.RUN_ID, "added-records": "2"}
q = rt.Query("w", None, "w", target="lake.t", late=[("l", "lake.late")], observe="etlgen", table_formats={"lake.t": "iceberg", "lake.late": "iceberg"})
out = {
    "this run": rt.progress._outputs(FakeSpark({("lake.t", "w", 3): (7, mine), ("lake.late", "l", 3): (8, late)}), q, 3, 5),
    "earlier run": rt.progress._outputs(FakeSpark({("lake.t", "w", 3): (7, earlier)}), q, 3, 5),
    "no snapshot": rt.progress._outputs(FakeSpark({}), q, 3, 5),
}
print(json.dumps(out, sort_keys=True))
`
	var got map[string]any
	runRuntime(t, "testdata/iceberg_sink", script, nil, &got)
	want := map[string]any{
		"this run":    map[string]any{"replay": false, "delta_version": nil, "output_rows": 5.0, "late_rows": 2.0},
		"earlier run": map[string]any{"replay": false, "delta_version": nil, "output_rows": 0.0, "late_rows": 0.0},
		"no snapshot": map[string]any{"replay": false, "delta_version": nil, "output_rows": 0.0, "late_rows": 0.0},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Iceberg sink fields (-want +got):\n%s", diff)
	}
}
