//go:build !unix

package filelock

import (
	"errors"
	"io/fs"
	"os"
)

// acquire creates the lock file exclusively: its existence is the lock.
// Without flock(2) a process that dies without releasing leaves the file
// behind (StaleHint).
func acquire(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, ErrHeld
	}
	return f, err
}

// unlock closes and removes the lock file.
func unlock(f *os.File, path string) error {
	err := f.Close()
	if rerr := os.Remove(path); err == nil {
		err = rerr
	}
	return err
}

// StaleHint says what to do about a held lock, which on this platform
// survives a crash of its holder.
func StaleHint(path string) string {
	return "wait for it to end or stop it; if that process is gone, delete " + path
}
