package localengine

import "github.com/etlgen/etlgen/framework/profile"

// ratePlugin runs the `rate` plugin: generated rows (RateSource) at
// rows_per_second after ramp_up_time, on the engine's processing-time
// clock.
func ratePlugin() plugin {
	return plugin{
		name:    profile.PluginRate,
		sources: map[profile.Role]sourceFactory{profile.RoleStreamingSource: openRateSource},
	}
}

// openRateSource reads the source's creation time from the query's
// checkpoint, recording the current processing time in a new one.
func openRateSource(a sourceArgs) (Stream, error) {
	asset := a.src.Binding.Asset
	start, err := rateStartTime(a.checkpoint, a.src.Asset, a.env.Clock())
	if err != nil {
		return nil, err
	}
	return &RateSource{Name: a.src.Asset, RowsPerSecond: asset.Int("rows_per_second"),
		RampUp: asset.Options["ramp_up_time"].Duration, Start: start, Now: a.now}, nil
}
