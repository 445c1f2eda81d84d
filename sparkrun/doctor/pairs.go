package doctor

import (
	"fmt"
	"strconv"
	"strings"
)

// incompatibleDelta lists Delta/Spark pairs known not to work together:
// Delta version Delta on Spark FirstSpark or newer (the same pairs
// scripts/versions.env's INCOMPATIBLE_DELTA makes stack.sh refuse).
var incompatibleDelta = []struct{ Delta, FirstSpark, Ref string }{
	{Delta: "4.1.0", FirstSpark: "4.1.2", Ref: "NVIDIA/cudf-spark#15590"},
}

// deltaPairProblem describes why Delta delta is known not to work on Spark
// spark; "" when no known problem.
func deltaPairProblem(delta, spark string) string {
	for _, p := range incompatibleDelta {
		if delta == p.Delta && versionAtLeast(spark, p.FirstSpark) {
			return fmt.Sprintf("Delta %s is known binary-incompatible with Spark %s and newer (%s); the server runs Spark %s",
				delta, p.FirstSpark, p.Ref, spark)
		}
	}
	return ""
}

// versionAtLeast compares dotted numeric versions ("4.1.10" >= "4.1.2").
func versionAtLeast(have, want string) bool {
	h, w := strings.Split(have, "."), strings.Split(want, ".")
	for i := range max(len(h), len(w)) {
		a, b := part(h, i), part(w, i)
		if a != b {
			return a > b
		}
	}
	return true
}

// part is the i-th number of a split version, 0 when absent or not a number.
func part(v []string, i int) int {
	if i >= len(v) {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimFunc(v[i], func(r rune) bool { return r < '0' || r > '9' }))
	return n
}

// deltaVersionOf reads the Delta version from a commit's engineInfo,
// "Apache-Spark/4.1.1 Delta-Lake/4.1.0"; "" when it names none.
func deltaVersionOf(engineInfo string) string {
	for _, f := range strings.Fields(engineInfo) {
		if v, ok := strings.CutPrefix(f, "Delta-Lake/"); ok {
			return v
		}
	}
	return ""
}
