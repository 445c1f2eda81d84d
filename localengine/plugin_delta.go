package localengine

import "github.com/etlgen/etlgen/framework/profile"

// deltaPlugin runs the `delta` plugin over the Env's DeltaCatalog: the
// static side of a join reads the table in full; sinks commit each batch
// as an append or a MERGE on the merge keys (DeltaSink); a CDF MERGE load
// applies its changes to the table.
func deltaPlugin() Plugin {
	return Plugin{
		Name:    profile.PluginDelta,
		Sources: map[profile.Role]SourceFactory{profile.RoleStaticSource: openDeltaStatic},
		Sinks: map[profile.Role]SinkFactory{
			profile.RoleAppendSink: openDeltaSink,
			profile.RoleMergeSink:  openDeltaSink,
		},
		Changes: openDeltaChanges,
	}
}

// deltaName is the catalog name of a delta or delta-cdf asset: its table,
// else its path.
func deltaName(b *profile.AssetBinding) string {
	if t := b.Table(); t != "" {
		return t
	}
	return b.Path()
}

// openDeltaStatic reads the table in full at every batch.
func openDeltaStatic(a sourceArgs) (Stream, error) {
	return deltaStatic{a.env.Delta.Table(deltaName(a.src.Binding))}, nil
}

// openDeltaSink creates the table with the sink's layout (or checks an
// existing one's) and keys it by the merge keys of a merge sink.
func openDeltaSink(a sinkArgs) (Sink, error) {
	b := a.q.Sink.Binding
	t, err := createDelta(a)
	if err != nil {
		return nil, err
	}
	if !b.IsMerge() {
		return &DeltaSink{Table: t, MergeSchema: a.q.Sink.MergeSchema}, nil
	}
	if err := t.SetKeys(b.MergeKeys...); err != nil {
		return nil, err
	}
	return &DeltaSink{Table: t, Merge: true}, nil
}

// openDeltaChanges creates the table and keys it by the change keys.
func openDeltaChanges(a sinkArgs) (changeTarget, error) {
	t, err := createDelta(a)
	if err != nil {
		return nil, err
	}
	if err := t.SetKeys(a.q.Sink.Changes.Keys...); err != nil {
		return nil, err
	}
	return t, nil
}

// createDelta is the sink's CREATE TABLE IF NOT EXISTS with the layout of
// its profile (DeltaTable.Create).
func createDelta(a sinkArgs) (*DeltaTable, error) {
	s := &a.q.Sink
	t := a.env.Delta.Table(deltaName(s.Binding))
	l := TableLayout{PartitionBy: s.PartitionBy}
	for _, o := range s.TableProperties {
		if l.Properties == nil {
			l.Properties = map[string]string{}
		}
		l.Properties[o.Name] = o.Value
	}
	return t, t.Create(l)
}
