package planner

import (
	"maps"
	"slices"

	"github.com/etlgen/etlgen/framework/profile"
)

// literalSecret names the first literal credential among the values of
// the maps, in their order and each map's keys sorted: "key (why)", never
// the value; "" when there is none. The profile parser refuses such values
// (ETL-P313); the model states the check's result for any profile, and the
// Spark generator refuses to write a program that would carry one.
func literalSecret(all ...map[string]string) string {
	for _, m := range all {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if reason, found := profile.LiteralSecret(k, m[k]); found {
				return k + " (" + reason + ")"
			}
		}
	}
	return ""
}
