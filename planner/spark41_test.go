package planner_test

import (
	"strings"
	"testing"
)

// TestSpark41Messages: where etlgen's verdict is Spark 4.1's or
// deliberately stricter, the message says what Spark does (corpus cases).
func TestSpark41Messages(t *testing.T) {
	for _, tc := range []struct{ dir, code, says string }{
		{"outer_join_nullable_watermark_only", "ETL-S405", "Spark 4.1 accepts the join, but without a watermark on the side whose unmatched rows it emits it never evicts that side's state, so it never emits the unmatched rows"},
		{"outer_join_unbounded", "ETL-S405", "not supported without a watermark in the join keys"},
		{"limit_on_stream_update", "ETL-S408", "Limits are not supported on streaming DataFrames/Datasets in Update output mode"},
		{"dedup_after_aggregation_update", "ETL-S411", "Detected pattern of possible 'correctness' issue due to global watermark"},
		{"window_on_window_end", "ETL-S415", "is on hour_time, the window_end of the window of step aggregate-customer-orders"},
		{"window_time_of_event_time", "ETL-S416", "takes event_time"},
		{"merge_keys_partial", "ETL-P344", "DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE"},
		{"starting_offsets_other_topic", "ETL-P348", "names topic payments, which the source does not subscribe to"},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			l := planCase(t, "testdata/corpus/"+tc.dir)
			for _, d := range l {
				if d.Code == tc.code && strings.Contains(d.Message, tc.says) {
					return
				}
			}
			t.Errorf("no %s saying %q:\n%s", tc.code, tc.says, diagText(l))
		})
	}
}
