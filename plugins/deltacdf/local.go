package deltacdf

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/plugins/delta"
)

// Local runs the `delta-cdf` plugin: the Change Data Feed of a table of
// the Env's DeltaCatalog read as a stream (localengine.CDFSource).
func Local() localengine.Plugin {
	return localengine.Plugin{
		Name:    Name,
		Sources: map[profile.Role]localengine.SourceFactory{profile.RoleStreamingSource: openSource},
	}
}

// openSource binds the source to its table with the asset's starting
// position and rate limits.
func openSource(a localengine.SourceArgs) (localengine.Stream, error) {
	b := a.Source().Binding
	asset := b.Asset
	t := a.Env().Delta.Table(delta.TableName(b))
	if !t.ChangeFeed() {
		return nil, fmt.Errorf("[DELTA_MISSING_CHANGE_DATA] table %s records no change data: the sink that created it has no delta.enableChangeDataFeed (ETL-P353)", t.Name)
	}
	s := &localengine.CDFSource{Table: t,
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
