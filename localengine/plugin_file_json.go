package localengine

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/etlgen/etlgen/framework/profile"
)

// fileJSONPlugin runs the `file-json` plugin: a FileSource over the asset's
// directory (max_files_per_trigger files or max_bytes_per_trigger bytes
// per batch, ignore_missing_files), a FileStatic reading every file of it
// at every batch (the static side of a join), and a FileSink writing one
// JSON-lines file per batch into it, named by the checkpoint's identity,
// with a log of committed batches (sink_file.go).
func fileJSONPlugin() Plugin {
	return Plugin{
		Name: profile.PluginFileJSON,
		Sources: map[profile.Role]SourceFactory{profile.RoleStreamingSource: openFileSource,
			profile.RoleStaticSource: openFileStatic},
		Sinks: map[profile.Role]SinkFactory{profile.RoleAppendSink: openFileSink},
	}
}

// openFileStatic reads the asset's directory in full at every batch.
func openFileStatic(a sourceArgs) (Stream, error) {
	return &FileStatic{Dir: a.src.Binding.Path()}, nil
}

// openFileSource reads the asset's directory.
func openFileSource(a sourceArgs) (Stream, error) {
	b := a.src.Binding
	return &FileSource{Dir: b.Path(), MaxFiles: int(b.Asset.Int("max_files_per_trigger")),
		MaxBytes: b.Asset.Int("max_bytes_per_trigger"), IgnoreMissing: b.Asset.Bool("ignore_missing_files")}, nil
}

// openFileSink creates the sink's directory; the sink names its files and
// its log by the checkpoint's identity.
func openFileSink(a sinkArgs) (Sink, error) {
	dir := a.q.Sink.Binding.Path()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	cp, err := filepath.Abs(a.q.Checkpoint)
	if err != nil {
		return nil, fmt.Errorf("open file sink: %w", err)
	}
	return &FileSink{Dir: dir, ID: a.id, Checkpoint: cp}, nil
}
