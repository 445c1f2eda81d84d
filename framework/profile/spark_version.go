package profile

import "slices"

// The Spark lines a profile may target (spark resource, spark_version):
// the major.minor of the Spark Connect server the generated program runs
// on. Rules whose verdict differs between lines (planner) and the
// server's version (doctor, run) follow it.
const (
	SparkLine41 = "4.1"
	SparkLine42 = "4.2"
	// DefaultSparkLine is the line of a profile that names none; the
	// local engine gives the answers of the line its profile targets.
	DefaultSparkLine = SparkLine41
)

// SparkLines lists the supported Spark lines, oldest first.
var SparkLines = []string{SparkLine41, SparkLine42}

// SparkVersion returns the Spark line the profile targets: its spark
// resource's spark_version, DefaultSparkLine when it names none.
func (p *Profile) SparkVersion() string {
	if r, ok := p.ResourceOfKind("spark"); ok {
		if v := r.String("spark_version"); slices.Contains(SparkLines, v) {
			return v
		}
	}
	return DefaultSparkLine
}

// SparkLineAtLeast reports whether Spark line have is line want or newer.
func SparkLineAtLeast(have, want string) bool {
	return slices.Index(SparkLines, have) >= slices.Index(SparkLines, want)
}
