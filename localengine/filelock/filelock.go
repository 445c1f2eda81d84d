package filelock

import (
	"errors"
	"os"
)

// ErrHeld is returned by TryLock when another process holds the lock.
var ErrHeld = errors.New("lock held by another process")

// File is a held lock on an open file; the file's content is free for
// the holder to write (who holds it, for example).
type File struct {
	*os.File
	path string
}

// TryLock opens path, creating it when absent, and takes its exclusive
// lock without waiting: ErrHeld when another process holds it.
func TryLock(path string) (*File, error) {
	f, err := acquire(path)
	if err != nil {
		return nil, err
	}
	return &File{File: f, path: path}, nil
}

// Unlock releases the lock and closes the file; unlocking twice does
// nothing.
func (f *File) Unlock() error {
	if f == nil || f.File == nil {
		return nil
	}
	err := unlock(f.File, f.path)
	f.File = nil
	return err
}

// Replace writes data as the file's whole content.
func (f *File) Replace(data []byte) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err := f.WriteAt(data, 0)
	return err
}
