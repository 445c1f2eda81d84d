package localengine

import "github.com/etlgen/etlgen/framework/profile"

// memoryPlugin runs the `memory` plugin: sources are the Env's memory
// streams (MemoryStream, created when absent; a static side reads the whole
// stream), sinks and CDF MERGE targets the Env's memory tables (MemoryTable,
// created when absent), both keyed by asset.
func memoryPlugin() Plugin {
	return Plugin{
		Name: profile.PluginMemory,
		Sources: map[profile.Role]SourceFactory{
			profile.RoleStreamingSource: openMemoryStream,
			profile.RoleStaticSource:    openMemoryStream,
		},
		Sinks: map[profile.Role]SinkFactory{
			profile.RoleAppendSink: openMemoryTable,
			profile.RoleMergeSink:  openMemoryTable,
		},
		Changes: openMemoryChanges,
	}
}

// openMemoryStream returns the Env's memory stream of the asset.
func openMemoryStream(a sourceArgs) (Stream, error) {
	asset := a.src.Asset
	if a.env.Memory[asset] == nil {
		a.env.Memory[asset] = NewMemoryStream(asset)
	}
	return a.env.Memory[asset], nil
}

// openMemoryTable returns the Env's memory table of the query, created in
// the mode its write mode and output mode call for: merge on the merge
// keys, complete (replaced per batch) or append.
func openMemoryTable(a sinkArgs) (Sink, error) {
	pq := a.q
	mode := TableAppend
	switch {
	case len(pq.Sink.MergeKeys) > 0 || pq.Sink.WriteMode == profile.WriteMerge:
		mode = TableMerge
	case pq.OutputMode == ModeComplete:
		mode = TableComplete
	}
	return memoryTable(a.env, pq.Name, mode, pq.Sink.MergeKeys), nil
}

// openMemoryChanges returns the Env's memory table of a CDF MERGE load,
// created in merge mode on the change keys.
func openMemoryChanges(a sinkArgs) (changeTarget, error) {
	return memoryTable(a.env, a.q.Name, TableMerge, a.q.Sink.Changes.Keys), nil
}

// memoryTable returns the Env's memory table name, created with mode and
// keys when absent (a test may create it beforehand).
func memoryTable(env *Env, name, mode string, keys []string) *MemoryTable {
	if t := env.Tables[name]; t != nil {
		return t
	}
	t := NewMemoryTable(name, mode, keys)
	env.Tables[name] = t
	return t
}
