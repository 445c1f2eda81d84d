package pyspark

import (
	"strconv"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// ratePlugin reads Spark's rate source: generated typed rows (timestamp,
// value), the extract's contract exactly (profile.Bind checks it,
// ETL-P346); no payload validation and no invalid port.
func ratePlugin() plugin {
	return plugin{name: profile.PluginRate, roles: []profile.Role{profile.RoleStreamingSource}, read: readRate}
}

// rateRampUp is the Spark option of the rate plugin's ramp_up_time.
const rateRampUp = "rampUpTime"

func readRate(sv *sourceView, s *planner.Source) error {
	sv.Typed, sv.Rows, sv.Format = true, "typed rows (timestamp, value)", PyString("rate")
	opts := make([]planner.Option, len(s.Options))
	copy(opts, s.Options)
	for i, o := range opts {
		// Spark reads rampUpTime with JavaUtils.timeStringAsSec: a number
		// and one unit, no space ("90s"), not the "90 seconds" of triggers
		if v, ok := s.Binding.Asset.Value("ramp_up_time"); ok && o.Name == rateRampUp {
			opts[i].Value = timeString(v.Duration)
		}
	}
	sv.Options = optionsKV(opts)
	return nil
}

// timeString renders d as Spark's JavaUtils time strings read it: whole
// seconds as "<n>s", else milliseconds "<n>ms".
func timeString(d time.Duration) string {
	if d%time.Second != 0 {
		return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
	}
	return strconv.FormatInt(int64(d/time.Second), 10) + "s"
}
