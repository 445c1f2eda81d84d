package rate

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
)

// Local runs the `rate` plugin on the local engine: generated rows
// (localengine.RateSource) at rows_per_second after ramp_up_time, on the
// engine's processing-time clock.
func Local() localengine.Plugin {
	return localengine.Plugin{
		Name:    Name,
		Sources: map[profile.Role]localengine.SourceFactory{profile.RoleStreamingSource: openRateSource},
	}
}

// openRateSource reads the source's creation time from the query's
// checkpoint, recording the current processing time in a new one.
func openRateSource(a localengine.SourceArgs) (localengine.Stream, error) {
	src := a.Source()
	asset := src.Binding.Asset
	start, err := localengine.RateStartTime(a.Checkpoint(), src.Asset, a.Env().Clock())
	if err != nil {
		return nil, err
	}
	return &localengine.RateSource{Name: src.Asset, RowsPerSecond: asset.Int("rows_per_second"),
		RampUp: asset.Options["ramp_up_time"].Duration, Start: start, Now: a.Now()}, nil
}
