//go:build unix

package filelock

import (
	"errors"
	"os"
	"syscall"
)

// acquire opens the file and takes an exclusive flock(2) on it without
// waiting.
func acquire(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrHeld
		}
		return nil, err
	}
	return f, nil
}

// unlock releases the flock and closes the file.
func unlock(f *os.File, _ string) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// StaleHint says what to do about a held lock.
func StaleHint(string) string {
	return "wait for it to end or stop it; the lock is released when that process exits, even by a crash"
}
