package engine

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
}

// identity returns the checkpoint's id, creating it (a random UUID) when
// the checkpoint has none yet.
func (c checkpoint) identity() (string, error) {
	path := filepath.Join(c.dir, metadataFile)
	data, err := os.ReadFile(path)
	if err == nil {
		var m streamMetadata
		if err := json.Unmarshal(data, &m); err != nil || !checkpointIDPattern.MatchString(m.ID) {
			return "", unreadable(path, errors.New(`not a {"id": ...} record of letters, digits and dashes`))
		}
		return m.ID, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", unreadable(path, err)
	}
	ids, err := c.ids("offsets")
	if err != nil {
		return "", err
	}
	if len(ids) > 0 {
		// A new identity would orphan the files the checkpoint wrote
		// into its file sinks under the old one.
		return "", unreadable(path, fmt.Errorf("missing, but offsets/%d exists: the checkpoint's identity is lost", ids[0]))
	}
	m := streamMetadata{ID: newUUID()}
	data, _ = json.Marshal(m)
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
	path := filepath.Join(dir, metadataFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, unreadable(path, err)
	}
	var m streamMetadata
	if err := json.Unmarshal(data, &m); err != nil || !checkpointIDPattern.MatchString(m.ID) {
		return "", false, unreadable(path, errors.New(`not a {"id": ...} record of letters, digits and dashes`))
	}
	return m.ID, true, nil
}
