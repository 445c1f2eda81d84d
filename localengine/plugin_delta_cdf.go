package localengine

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/profile"
)

// deltaCDFPlugin runs the `delta-cdf` plugin: the Change Data Feed of a
// table of the Env's DeltaCatalog read as a stream (CDFSource).
func deltaCDFPlugin() Plugin {
	return Plugin{
		Name:    profile.PluginDeltaCDF,
		Sources: map[profile.Role]SourceFactory{profile.RoleStreamingSource: openCDFSource},
	}
}

// openCDFSource binds the source to its table with the asset's starting
// position and rate limits.
func openCDFSource(a sourceArgs) (Stream, error) {
	asset := a.src.Binding.Asset
	t := a.env.Delta.Table(deltaName(a.src.Binding))
	if !t.ChangeFeed() {
		return nil, fmt.Errorf("[DELTA_MISSING_CHANGE_DATA] table %s records no change data: the sink that created it has no delta.enableChangeDataFeed (ETL-P353)", t.Name)
	}
	s := &CDFSource{Table: t,
		MaxFiles: int(asset.Int("max_files_per_trigger")), MaxBytes: asset.Int("max_bytes_per_trigger")}
	if asset.Has("starting_version") {
		v := asset.Int("starting_version")
		s.StartVersion = &v
	}
	if asset.Has("starting_timestamp") {
		ts := asset.Options["starting_timestamp"].Time
		s.StartTime = &ts
	}
	return s, nil
}
