package gen

import (
	"context"
	"maps"
	"slices"
)

// Sink receives the files of a successful run and decides where they go.
type Sink interface {
	// Write stores every file; files are sorted by path.
	Write(ctx context.Context, files []File) error
}

// MemorySink keeps files in memory, for tests.
type MemorySink struct {
	// Files maps path to bytes.
	Files map[string][]byte
}

// Write records the files, replacing earlier ones with the same path.
func (s *MemorySink) Write(_ context.Context, files []File) error {
	if s.Files == nil {
		s.Files = map[string][]byte{}
	}
	for _, f := range files {
		s.Files[f.Path] = append([]byte(nil), f.Data...)
	}
	return nil
}

// Paths returns the recorded paths, sorted.
func (s *MemorySink) Paths() []string {
	return slices.Sorted(maps.Keys(s.Files))
}
