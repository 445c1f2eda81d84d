package localengine

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// metadataFile is a checkpoint's identity, as Spark's StreamMetadata
// (<checkpoint>/metadata, {"id": "<uuid>"}): created with the checkpoint,
// it names the files the query writes into file sinks (sink_file.go), so
// that a new checkpoint over an existing sink never writes over another
// checkpoint's files.
const metadataFile = "metadata"

// streamMetadata is the content of the metadata file.
type streamMetadata struct {
	ID string `json:"id"`
	// SealedFrom is the first batch from which every offsets, commits and
	// state file of the checkpoint carries its checksum (checkpoint_seal.go,
	// state_seal.go), and the manifest too: such a file without one was cut
	// or overwritten, not written before checksums. Nil in a checkpoint
	// created before it was recorded: identity sets it to the next batch.
	SealedFrom *int64 `json:"sealedFrom,omitempty"`
}

// identity returns the checkpoint's id, creating it (a random UUID) when
// the checkpoint has none yet, and sets c.unsealedBelow from its
// SealedFrom, recording it first in a checkpoint that has none.
func (c *checkpoint) identity() (string, error) {
	path := filepath.Join(c.dir, metadataFile)
	m, ok, err := readMetadata(c.dir)
	if err != nil {
		return "", err
	}
	if ok && m.SealedFrom != nil {
		c.unsealedBelow = *m.SealedFrom
		return m.ID, nil
	}
	last, err := c.latest("offsets")
	if err != nil {
		return "", err
	}
	if !ok && last >= 0 {
		// A new identity would orphan the files the checkpoint wrote
		// into its file sinks under the old one.
		return "", unreadable(path, fmt.Errorf("missing, but offsets/%d exists: the checkpoint's identity is lost", last))
	}
	if !ok {
		m = streamMetadata{ID: newUUID()}
	}
	c.unsealedBelow = last + 1 // files written from now on are sealed
	m.SealedFrom = &c.unsealedBelow
	data, _ := json.Marshal(m)
	if err := atomicWrite(path, append(data, '\n')); err != nil {
		return "", err
	}
	return m.ID, nil
}

// newUUID returns a random (version 4) UUID.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// existingIdentity returns the id of the checkpoint in dir without
// creating one: ok is false when the checkpoint has no metadata file.
func existingIdentity(dir string) (id string, ok bool, err error) {
	m, ok, err := readMetadata(dir)
	return m.ID, ok, err
}

// readMetadata reads the metadata file of the checkpoint in dir: ok is
// false when there is none.
func readMetadata(dir string) (m streamMetadata, ok bool, err error) {
	path := filepath.Join(dir, metadataFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return m, false, nil
	}
	if err != nil {
		return m, false, unreadable(path, err)
	}
	if err := json.Unmarshal(data, &m); err != nil || !checkpointIDPattern.MatchString(m.ID) || m.SealedFrom != nil && *m.SealedFrom < 0 {
		return streamMetadata{}, false, unreadable(path, errors.New(`not a {"id": ...} record of letters, digits and dashes`))
	}
	return m, true, nil
}
