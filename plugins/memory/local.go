package memory

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
)

// Local runs the `memory` plugin on the local engine: sources are the
// Env's memory streams (localengine.MemoryStream, created when absent; a static side reads the whole
// stream), sinks and CDF MERGE targets the Env's memory tables (MemoryTable,
// created when absent), both keyed by asset.
func Local() localengine.Plugin {
	return localengine.Plugin{
		Name: Name,
		Sources: map[profile.Role]localengine.SourceFactory{
			profile.RoleStreamingSource: openMemoryStream,
			profile.RoleStaticSource:    openMemoryStream,
		},
		Sinks: map[profile.Role]localengine.SinkFactory{
			profile.RoleAppendSink: openMemoryTable,
			profile.RoleMergeSink:  openMemoryTable,
		},
		Changes: openMemoryChanges,
	}
}

// openMemoryStream returns the Env's memory stream of the asset.
func openMemoryStream(a localengine.SourceArgs) (localengine.Stream, error) {
	asset, env := a.Source().Asset, a.Env()
	if env.Memory[asset] == nil {
		env.Memory[asset] = localengine.NewMemoryStream(asset)
	}
	return env.Memory[asset], nil
}

// openMemoryTable returns the Env's memory table of the query, created in
// the mode its write mode and output mode call for: merge on the merge
// keys, complete (replaced per batch) or append.
func openMemoryTable(a localengine.SinkArgs) (localengine.Sink, error) {
	pq := a.Query()
	mode := localengine.TableAppend
	switch {
	case len(pq.Sink.MergeKeys) > 0 || pq.Sink.WriteMode == profile.WriteMerge:
		mode = localengine.TableMerge
	case pq.OutputMode == localengine.ModeComplete:
		mode = localengine.TableComplete
	}
	return memoryTable(a.Env(), pq.Name, mode, pq.Sink.MergeKeys), nil
}

// openMemoryChanges returns the Env's memory table of a CDF MERGE load,
// created in merge mode on the change keys.
func openMemoryChanges(a localengine.SinkArgs) (localengine.ChangeTarget, error) {
	q := a.Query()
	return memoryTable(a.Env(), q.Name, localengine.TableMerge, q.Sink.Changes.Keys), nil
}

// memoryTable returns the Env's memory table name, created with mode and
// keys when absent (a test may create it beforehand).
func memoryTable(env *localengine.Env, name, mode string, keys []string) *localengine.MemoryTable {
	if t := env.Tables[name]; t != nil {
		return t
	}
	t := localengine.NewMemoryTable(name, mode, keys)
	env.Tables[name] = t
	return t
}
