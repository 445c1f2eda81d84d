package localengine

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
)

// stateSealMagic starts the trailer of a state file (state/N.delta,
// state/N.snapshot): the magic, then the SHA-256 of every byte before the
// trailer. Readers of the records stop at each operator's end record, so
// the trailer is invisible to them; a file without it (written before
// trailers) is read unchecked.
var stateSealMagic = []byte("\x00ETLSUM1")

// stateTrailerLen is the length of a state file's trailer.
var stateTrailerLen = int64(len(stateSealMagic) + sha256.Size)

// hashingWriter hashes what it writes through.
type hashingWriter struct {
	w io.Writer
	h hash.Hash
}

func (hw *hashingWriter) Write(p []byte) (int, error) {
	hw.h.Write(p)
	return hw.w.Write(p)
}

// trailer is the trailer for the bytes hashed by h.
func trailer(h hash.Hash) []byte { return h.Sum(bytes.Clone(stateSealMagic)) }

// checkStateSeal checks a state file against its trailer: a byte changed
// after it was written is an error, and so is a file without a trailer
// when must (the checkpoint seals every state file of its batch).
func checkStateSeal(path string, must bool) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	body := st.Size() - stateTrailerLen
	tail := make([]byte, stateTrailerLen)
	if body >= 0 {
		if _, err := f.ReadAt(tail, body); err != nil {
			return err
		}
	}
	if body < 0 || !bytes.HasPrefix(tail, stateSealMagic) {
		if must {
			return errNoSeal
		}
		return nil
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(f, 0, body)); err != nil {
		return err
	}
	if !bytes.Equal(trailer(h), tail) {
		return errors.New("its checksum does not match its content: it changed after it was written")
	}
	return nil
}

// checkStateSeals checks the state files of batches ns at paths
// (checkStateSeal), on every core; the error is the first failing file's
// in the order of paths.
func (c checkpoint) checkStateSeals(paths []string, ns []int64) error {
	return onEveryCore(len(paths), func(i int) error {
		if err := checkStateSeal(paths[i], c.mustSeal(ns[i])); err != nil {
			return unreadable(paths[i], fmt.Errorf("check: %w", err))
		}
		return nil
	})
}
