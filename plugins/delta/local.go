package delta

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
)

// Local runs the `delta` plugin over the Env's DeltaCatalog: the static
// side of a join reads the table in full (localengine.DeltaStatic); sinks
// commit each batch as an append or a MERGE on the merge keys
// (localengine.DeltaSink); a CDF MERGE load applies its changes to the
// table.
func Local() localengine.Plugin {
	return localengine.Plugin{
		Name:    Name,
		Sources: map[profile.Role]localengine.SourceFactory{profile.RoleStaticSource: openStatic},
		Sinks: map[profile.Role]localengine.SinkFactory{
			profile.RoleAppendSink: openSink,
			profile.RoleMergeSink:  openSink,
		},
		Changes: openChanges,
	}
}

// TableName is the local engine's catalog name of a delta or delta-cdf
// asset: its table, else its path.
func TableName(b *profile.AssetBinding) string {
	if t := b.Table(); t != "" {
		return t
	}
	return b.Path()
}

// openStatic reads the table in full at every batch.
func openStatic(a localengine.SourceArgs) (localengine.Stream, error) {
	return localengine.DeltaStatic{Table: a.Env().Delta.Table(TableName(a.Source().Binding))}, nil
}

// openSink creates the table with the sink's layout (or checks an
// existing one's) and keys it by the merge keys of a merge sink.
func openSink(a localengine.SinkArgs) (localengine.Sink, error) {
	q := a.Query()
	b := q.Sink.Binding
	t, err := create(a)
	if err != nil {
		return nil, err
	}
	if !b.IsMerge() {
		return &localengine.DeltaSink{Table: t, MergeSchema: q.Sink.MergeSchema}, nil
	}
	if err := t.SetKeys(b.MergeKeys...); err != nil {
		return nil, err
	}
	return &localengine.DeltaSink{Table: t, Merge: true}, nil
}

// openChanges creates the table and keys it by the change keys.
func openChanges(a localengine.SinkArgs) (localengine.ChangeTarget, error) {
	t, err := create(a)
	if err != nil {
		return nil, err
	}
	if err := t.SetKeys(a.Query().Sink.Changes.Keys...); err != nil {
		return nil, err
	}
	return t, nil
}

// create is the sink's CREATE TABLE IF NOT EXISTS with the layout of its
// profile (DeltaTable.Create).
func create(a localengine.SinkArgs) (*localengine.DeltaTable, error) {
	s := &a.Query().Sink
	t := a.Env().Delta.Table(TableName(s.Binding))
	l := localengine.TableLayout{PartitionBy: s.PartitionBy}
	for _, o := range s.TableProperties {
		if l.Properties == nil {
			l.Properties = map[string]string{}
		}
		l.Properties[o.Name] = o.Value
	}
	return t, t.Create(l)
}
