package localengine

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/etlgen/etlgen/localengine/filelock"
)

// lockFile is the lock of a checkpoint directory: held by the one engine
// running the query, it records who holds it.
const lockFile = "lock"

// LockHolder is who holds a checkpoint's lock, as the holder wrote it.
type LockHolder struct {
	PID     int       `json:"pid"`
	Host    string    `json:"host"`
	Started time.Time `json:"started"`
	// Command is the holder's command line.
	Command string `json:"command,omitempty"`
	// Program, Session and RunID are set by etlgen run on the Spark
	// engine (run's driver lease): the pid of the generated program, its
	// Spark Connect session id and its run id, once it has started; the
	// session is cleared when the program ended and stopped its queries.
	Program int    `json:"program_pid,omitempty"`
	Session string `json:"session,omitempty"`
	RunID   string `json:"run_id,omitempty"`
}

// LockedError is returned by Open when another engine holds the
// checkpoint of one of the queries (ETL-K520): two runs of one query would
// both execute every batch and race on its files.
type LockedError struct {
	Checkpoint string
	// Holder is nil when the holder's record cannot be read (it is being
	// written, or the lock file is damaged).
	Holder *LockHolder
}

// Code returns CodeCheckpointLocked.
func (e *LockedError) Code() string { return CodeCheckpointLocked }

// Error names the holder.
func (e *LockedError) Error() string {
	who := "another process"
	if h := e.Holder; h != nil {
		who = fmt.Sprintf("pid %d on host %s, started %s", h.PID, h.Host, h.Started.Format(time.RFC3339))
		if h.Command != "" {
			who += " (" + h.Command + ")"
		}
		if h.Program != 0 {
			who += fmt.Sprintf(", running Spark program pid %d", h.Program)
		}
		if h.Session != "" {
			who += " in Spark Connect session " + h.Session
		}
	}
	return fmt.Sprintf("%s: checkpoint %s is in use by %s: one query runs in one process at a time (%s)",
		CodeCheckpointLocked, e.Checkpoint, who, filelock.StaleHint(filepath.Join(e.Checkpoint, lockFile)))
}

// checkpointLock is a held lock; release gives it up.
type checkpointLock struct {
	f    *filelock.File
	path string
}

// lockCheckpoint creates dir when needed and takes its lock without
// waiting, recording this process as the holder.
func lockCheckpoint(dir string) (*checkpointLock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("lock checkpoint: %w", err)
	}
	path := filepath.Join(dir, lockFile)
	f, err := filelock.TryLock(path)
	if errors.Is(err, filelock.ErrHeld) {
		return nil, &LockedError{Checkpoint: dir, Holder: ReadLockHolder(path)}
	}
	if err != nil {
		return nil, fmt.Errorf("lock checkpoint %s: %w", dir, unwritable(path, err))
	}
	l := &checkpointLock{f: f, path: path}
	if err := l.record(); err != nil {
		l.release()
		return nil, fmt.Errorf("lock checkpoint %s: %w", dir, unwritable(path, err))
	}
	return l, nil
}

// record writes this process as the holder into the lock file.
func (l *checkpointLock) record() error {
	data, err := json.Marshal(ThisProcess())
	if err != nil {
		return err
	}
	return l.f.Replace(append(data, '\n'))
}

// release gives the lock up; releasing twice does nothing.
func (l *checkpointLock) release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Unlock()
	l.f = nil
	return err
}

// ThisProcess is the record of this process as a lock's holder: pid,
// host, start time (to the second) and command line.
func ThisProcess() LockHolder {
	host, _ := os.Hostname()
	return LockHolder{PID: os.Getpid(), Host: host, Started: time.Now().UTC().Truncate(time.Second),
		Command: strings.Join(os.Args, " ")}
}

// ReadLockHolder reads the holder's record from a lock file (a local
// checkpoint's lock, a Spark driver lease); nil when it cannot.
func ReadLockHolder(path string) *LockHolder {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var h LockHolder
	if json.Unmarshal(data, &h) != nil || h.PID == 0 {
		return nil
	}
	return &h
}
