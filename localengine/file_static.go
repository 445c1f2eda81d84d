package localengine

// FileStatic is the `file-json` static side of a stream-static join: every
// *.json and *.jsonl file of the directory, listed and read again at every
// micro-batch, as Spark's batch read of a directory does (each micro-batch
// of the query plans the static side again). It has no offsets of its own.
type FileStatic struct {
	Dir string
}

// Identity is the directory.
func (f *FileStatic) Identity() string { return f.Dir }

// Next never proposes data: the static side runs with the stream's batches.
func (f *FileStatic) Next(start Offset) (Offset, bool, error) { return start, false, nil }

// Read lists the directory and returns every line of every file, in file
// name order (the offsets are ignored).
func (f *FileStatic) Read(_, _ Offset) ([]Payload, error) {
	src := &FileSource{Dir: f.Dir}
	files, err := src.list(false)
	if err != nil {
		return nil, err
	}
	var all Offset
	for _, lf := range files {
		all.Files = append(all.Files, lf.name)
		all.Listed = append(all.Listed, lf.stat)
	}
	return src.Read(Offset{}, all)
}
