package engine

import "github.com/etlgen/etlgen/framework/profile"

// deltaPlugin runs the `delta` plugin over the Env's DeltaCatalog: the
// static side of a join reads the table in full; sinks commit each batch
// as an append or a MERGE on the merge keys (DeltaSink); a CDF MERGE load
// applies its changes to the table.
func deltaPlugin() plugin {
	return plugin{
		name:    profile.PluginDelta,
		sources: map[profile.Role]sourceFactory{profile.RoleStaticSource: openDeltaStatic},
		sinks: map[profile.Role]sinkFactory{
			profile.RoleAppendSink: openDeltaSink,
			profile.RoleMergeSink:  openDeltaSink,
		},
		changes: openDeltaChanges,
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

// openDeltaSink keys the table by the merge keys of a merge sink.
func openDeltaSink(a sinkArgs) (Sink, error) {
	b := a.q.Sink.Binding
	t := a.env.Delta.Table(deltaName(b))
	if !b.IsMerge() {
		return &DeltaSink{Table: t}, nil
	}
	if err := t.SetKeys(b.MergeKeys...); err != nil {
		return nil, err
	}
	return &DeltaSink{Table: t, Merge: true}, nil
}

// openDeltaChanges keys the table by the change keys.
func openDeltaChanges(a sinkArgs) (changeTarget, error) {
	t := a.env.Delta.Table(deltaName(a.q.Sink.Binding))
	if err := t.SetKeys(a.q.Sink.Changes.Keys...); err != nil {
		return nil, err
	}
	return t, nil
}
