package localengine

import (
	"fmt"
	"sync"
)

// Offset is a source position recorded in the offset log. A memory stream
// uses N, the number of payloads consumed; a file source uses N, the number
// of files consumed, and Files, the files of the batch.
type Offset struct {
	N     int64    `json:"n"`
	Files []string `json:"files,omitempty"`
	// Listed holds, for each of Files, its size and modification time
	// when the batch listed it (file_source.go); empty in offsets written
	// before they were recorded.
	Listed []FileStat `json:"listed,omitempty"`
	// Delta marks the offset of a delta-cdf source (cdf_source.go): N is
	// then the reservoir version, the next table version to read, and
	// FromVersion the first version the batch read.
	Delta       bool  `json:"delta,omitempty"`
	FromVersion int64 `json:"fromVersion,omitempty"`
	// Snapshot marks a batch that read the table at FromVersion as inserts
	// (Delta's isStartingVersion: a new stream without a starting version).
	Snapshot bool `json:"isStartingVersion,omitempty"`
}

// Payload is one raw record read from a source, with where it came from.
type Payload struct {
	Raw []byte
	// Pos is the position in the source: the payload index of a memory
	// stream, the line index within the batch of a file source.
	Pos int64
}

// Stream is what every replayable streaming source has: Next proposes the
// end offset of the next batch after start (ok is false when there is no
// new data), and Identity names what is read (an asset name, a directory,
// a table). A Stream is a Source or a RowSource.
type Stream interface {
	Next(start Offset) (end Offset, ok bool, err error)
	Identity() string
}

// Source is a replayable source of raw payloads (profile.RowsPayload,
// profile.RowsChanges): Read returns the payloads between two offsets, the
// same on every call; the engine validates them against the extract's
// contract into valid rows and rejections.
type Source interface {
	Stream
	Read(start, end Offset) ([]Payload, error)
}

// RowSource is a replayable source of typed rows (profile.RowsTyped with a
// fixed row shape, such as rate): ReadRows returns the rows between two
// offsets, the same on every call, in the order of the plugin's
// SourceFacts.Schema, which the extract's contract declares exactly
// (profile.Bind checks it). The rows are not validated and the extract's
// invalid port is empty.
type RowSource interface {
	Stream
	ReadRows(start, end Offset) ([]Row, error)
}

// MemoryStream is an append-only in-process stream of raw payloads: the
// `memory` source plugin. Tests add payloads; every query reading it keeps
// its own offset. It is safe for concurrent use.
type MemoryStream struct {
	name     string
	mu       sync.Mutex
	payloads [][]byte
}

// NewMemoryStream returns an empty stream.
func NewMemoryStream(name string) *MemoryStream { return &MemoryStream{name: name} }

// Add appends payloads to the stream.
func (m *MemoryStream) Add(raws ...[]byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.payloads = append(m.payloads, raws...)
}

// Len returns the number of payloads added so far.
func (m *MemoryStream) Len() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return int64(len(m.payloads))
}

// Identity returns the stream's name.
func (m *MemoryStream) Identity() string { return m.name }

// Next proposes everything added after start.
func (m *MemoryStream) Next(start Offset) (Offset, bool, error) {
	n := m.Len()
	return Offset{N: n}, n > start.N, nil
}

// Read returns the payloads in [start, end).
func (m *MemoryStream) Read(start, end Offset) ([]Payload, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if end.N > int64(len(m.payloads)) || start.N > end.N {
		return nil, fmt.Errorf("read memory stream %s: offsets %d..%d outside 0..%d", m.name, start.N, end.N, len(m.payloads))
	}
	out := make([]Payload, 0, end.N-start.N)
	for i := start.N; i < end.N; i++ {
		out = append(out, Payload{Raw: m.payloads[i], Pos: i})
	}
	return out, nil
}
