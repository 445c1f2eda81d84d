package faults

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
)

// Kind is a kind of fault.
type Kind string

// The kinds of fault Inject knows.
const (
	// KindTruncate cuts the file at a random offset below its size.
	KindTruncate Kind = "truncate"
	// KindCorrupt flips the bits of a few bytes from a random offset.
	KindCorrupt Kind = "corrupt"
	// KindGarbage overwrites the file with random bytes of its size.
	KindGarbage Kind = "garbage"
	// KindDelete removes the file.
	KindDelete Kind = "delete"
	// KindReadOnly makes the file unwritable, for root too (see doc.go).
	KindReadOnly Kind = "read-only"
	// KindDirectory replaces the file by an empty directory.
	KindDirectory Kind = "directory"
)

// Kinds are every kind of fault, in a fixed order (for drawing by seed).
var Kinds = []Kind{KindTruncate, KindCorrupt, KindGarbage, KindDelete, KindReadOnly, KindDirectory}

// Fault is one fault injected into a file.
type Fault struct {
	// Path is the file.
	Path string
	// Kind is what was done to it.
	Kind Kind
	// Offset is where a truncation or corruption starts; Len how many
	// bytes a corruption flipped.
	Offset, Len int64
	// immutable says chattr +i was set (Undo clears it).
	immutable bool
}

// String says what was done, to re-run it.
func (f Fault) String() string {
	switch f.Kind {
	case KindTruncate:
		return fmt.Sprintf("%s %s at offset %d", f.Kind, f.Path, f.Offset)
	case KindCorrupt:
		return fmt.Sprintf("%s %s: %d bytes flipped at offset %d", f.Kind, f.Path, f.Len, f.Offset)
	}
	return fmt.Sprintf("%s %s", f.Kind, f.Path)
}

// Inject applies a fault of kind to the regular file at path, drawing its
// offset and length from rng.
func Inject(rng *rand.Rand, path string, kind Kind) (Fault, error) {
	f := Fault{Path: path, Kind: kind}
	fi, err := os.Stat(path)
	if err != nil {
		return f, fmt.Errorf("inject %s: %w", kind, err)
	}
	size := fi.Size()
	switch kind {
	case KindTruncate:
		f.Offset = draw(rng, size)
		err = os.Truncate(path, f.Offset)
	case KindCorrupt:
		f.Offset = draw(rng, size)
		f.Len = min(size-f.Offset, 1+rng.Int64N(4))
		err = flip(path, f.Offset, f.Len)
	case KindGarbage:
		garbage := make([]byte, size)
		for i := range garbage {
			garbage[i] = byte(rng.IntN(256))
		}
		err = os.WriteFile(path, garbage, fi.Mode())
	case KindDelete:
		err = os.Remove(path)
	case KindReadOnly:
		f.immutable, err = readOnly(path)
	case KindDirectory:
		if err = os.Remove(path); err == nil {
			err = os.Mkdir(path, 0o755)
		}
	default:
		err = fmt.Errorf("unknown fault kind %q", kind)
	}
	if err != nil {
		return f, fmt.Errorf("inject %s: %w", f, err)
	}
	return f, nil
}

// Undo lifts a read-only fault (the immutable attribute stops the removal
// of the directory holding the file); other faults stay.
func (f Fault) Undo() error {
	if !f.immutable {
		return nil
	}
	if out, err := exec.Command("chattr", "-i", f.Path).CombinedOutput(); err != nil {
		return fmt.Errorf("undo %s: %w: %s", f, err, out)
	}
	return nil
}

// draw is an offset in [0, size), 0 for an empty file.
func draw(rng *rand.Rand, size int64) int64 {
	if size <= 0 {
		return 0
	}
	return rng.Int64N(size)
}

// flip inverts n bytes of path from off.
func flip(path string, off, n int64) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for i := off; i < off+n && i < int64(len(data)); i++ {
		data[i] ^= 0xff
	}
	return os.WriteFile(path, data, 0o644)
}

// readOnly makes path unwritable: the immutable attribute as root (chmod
// does not stop root), mode 0444 otherwise. It reports whether it set the
// attribute.
func readOnly(path string) (bool, error) {
	if os.Geteuid() != 0 {
		return false, os.Chmod(path, 0o444)
	}
	if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
		return false, fmt.Errorf("chattr +i: %w: %s", err, out)
	}
	return true, nil
}
