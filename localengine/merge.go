package localengine

import (
	"errors"
	"fmt"
)

// ErrMultipleSourceRows is Delta's DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE:
// several rows of a batch match one target row of a MERGE. The batch
// fails and writes nothing (the query stops, as on Spark).
var ErrMultipleSourceRows = errors.New("[DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE] Cannot perform Merge as multiple source rows matched and attempted to modify the same target row in the Delta table in possibly conflicting ways")

// mergeMatch is Delta's MERGE INTO target USING source ON <keys, null-safe
// equal> WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *,
// the foreach-batch-merge sink's statement, over the rows' key strings
// (measured on Spark 4.1 with Delta 4.1): every target row a source row
// matches is updated with it (one source row updates all the target rows of
// its key), every source row that matches no target row is inserted (two
// of one new key both are), and a target row matched by several source
// rows fails the MERGE with ErrMultipleSourceRows. updates maps target
// index → source index; inserts lists source indexes in order.
func mergeMatch(table string, target, source []string) (updates map[int]int, inserts []int, err error) {
	byKey := map[string][]int{}
	for i, k := range target {
		byKey[k] = append(byKey[k], i)
	}
	updates = map[int]int{}
	for j, k := range source {
		matched := byKey[k]
		if len(matched) == 0 {
			inserts = append(inserts, j)
			continue
		}
		for _, i := range matched {
			if _, dup := updates[i]; dup {
				return nil, nil, fmt.Errorf("merge into %s: %w (two rows of the batch have the key of one of its rows; merge on the table's whole key, see allow_partial_merge_keys)", table, ErrMultipleSourceRows)
			}
			updates[i] = j
		}
	}
	return updates, inserts, nil
}
