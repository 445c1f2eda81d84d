package filejson

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
)

// Local runs the `file-json` plugin on the local engine: a FileSource over the asset's
// directory (max_files_per_trigger files or max_bytes_per_trigger bytes
// per batch, ignore_missing_files), a FileStatic reading every file of it
// at every batch (the static side of a join), and a FileSink writing one
// JSON-lines file per batch into it, named by the checkpoint's identity,
// with a log of committed batches (localengine/sink_file.go).
func Local() localengine.Plugin {
	return localengine.Plugin{
		Name: Name,
		Sources: map[profile.Role]localengine.SourceFactory{profile.RoleStreamingSource: openFileSource,
			profile.RoleStaticSource: openFileStatic},
		Sinks: map[profile.Role]localengine.SinkFactory{profile.RoleAppendSink: openFileSink},
	}
}

// openFileStatic reads the asset's directory in full at every batch.
func openFileStatic(a localengine.SourceArgs) (localengine.Stream, error) {
	return &localengine.FileStatic{Dir: a.Source().Binding.Path()}, nil
}

// openFileSource reads the asset's directory.
func openFileSource(a localengine.SourceArgs) (localengine.Stream, error) {
	b := a.Source().Binding
	return &localengine.FileSource{Dir: b.Path(), MaxFiles: int(b.Asset.Int("max_files_per_trigger")),
		MaxBytes: b.Asset.Int("max_bytes_per_trigger"), IgnoreMissing: b.Asset.Bool("ignore_missing_files")}, nil
}

// openFileSink creates the sink's directory; the sink names its files and
// its log by the checkpoint's identity.
func openFileSink(a localengine.SinkArgs) (localengine.Sink, error) {
	q := a.Query()
	dir := q.Sink.Binding.Path()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	cp, err := filepath.Abs(q.Checkpoint)
	if err != nil {
		return nil, fmt.Errorf("open file sink: %w", err)
	}
	return &localengine.FileSink{Dir: dir, ID: a.CheckpointID(), Checkpoint: cp}, nil
}
