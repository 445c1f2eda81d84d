package run

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/localengine/filelock"
	"github.com/etlgen/etlgen/planner"
)

// StateDirEnv names the directory etlgen run keeps its driver leases in;
// default $XDG_STATE_HOME/etlgen, else ~/.local/state/etlgen.
const StateDirEnv = "ETLGEN_STATE_DIR"

// driverLease is what etlgen run holds on a pipeline's checkpoints while
// its Spark program runs: an exclusive lock on a file in the state
// directory, inherited by the program (so it stays held until both have
// ended), with a record of the holder: etlgen's pid, then the program's
// pid, Spark Connect session and run id once it started. The session is
// cleared when the program ended and stopped its queries; a session left
// in the record names a driver that died with its queries possibly still
// running on the server (an orphan the next run releases first).
//
// The lease covers the runs started from this machine: Spark Connect
// shows a session's queries only to that session, so nothing else can
// find an orphan.
type driverLease struct {
	f    *filelock.File
	path string
	rec  localengine.LockHolder
	// Checkpoint is the pipeline's checkpoint directory the lease covers.
	Checkpoint string
	// Orphan is the session the previous holder left behind; "" when it
	// ended cleanly (or there was none).
	Orphan string
}

// leaseWait is how long a run waits for a lease whose etlgen is gone but
// whose program still holds it: the program is stopping by its stop
// policy (its parent watchdog saw etlgen die) and will release it.
func leaseWait(m *planner.Model) time.Duration {
	return m.Execution.StopTimeout + 30*time.Second
}

// takeLease takes the driver lease of pipeline pp's checkpoints: a
// *LockedError (ETL-K520) naming the holder when another etlgen run holds
// it; when the holder's etlgen is gone and only its program holds the
// lease (stopping by its stop policy), it waits up to wait for it.
func takeLease(ctx context.Context, m *planner.Model, pp *planner.PipelinePlan, wait time.Duration) (*driverLease, error) {
	checkpoint := pipelineCheckpoint(pp)
	dir, err := stateDir()
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return nil, fmt.Errorf("driver lease: %w", err)
	}
	remote := ""
	if m.Session != nil {
		remote = m.Session.Remote
	}
	p := filepath.Join(dir, leaseName(pp.ID, remote, checkpoint))
	deadline := time.Now().Add(wait)
	waited := false
	for {
		f, err := filelock.TryLock(p)
		if err == nil {
			return newLease(f, p, checkpoint)
		}
		if !errors.Is(err, filelock.ErrHeld) {
			return nil, fmt.Errorf("driver lease %s: %w", p, err)
		}
		holder := localengine.ReadLockHolder(p)
		if holder == nil || alive(holder.PID) || holder.Program == 0 || time.Now().After(deadline) {
			return nil, &LockedError{Checkpoint: checkpoint, Holder: holder}
		}
		if !waited {
			slog.Info("waiting for the Spark program of a gone etlgen run to stop by its stop policy",
				"program_pid", holder.Program, "session", holder.Session, "checkpoint", checkpoint)
			waited = true
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// newLease records this process as the holder of a lock just taken, and
// the session the previous holder left.
func newLease(f *filelock.File, p, checkpoint string) (*driverLease, error) {
	l := &driverLease{f: f, path: p, Checkpoint: checkpoint}
	if prev := localengine.ReadLockHolder(p); prev != nil {
		l.Orphan = prev.Session
	}
	l.rec = localengine.ThisProcess()
	l.rec.Session = l.Orphan
	if err := l.save(); err != nil {
		f.Unlock()
		return nil, err
	}
	return l, nil
}

// File is the lock's open file, for the program to inherit.
func (l *driverLease) File() *os.File { return l.f.File }

// started records the program's pid, session and run id.
func (l *driverLease) started(program int, session, runID string) error {
	l.rec.Program, l.rec.Session, l.rec.RunID = program, session, runID
	return l.save()
}

// ended clears the session: no query of it runs any more.
func (l *driverLease) ended() error {
	l.rec.Program, l.rec.Session = 0, ""
	return l.save()
}

// release gives the lease up (the record stays, for the next holder).
func (l *driverLease) release() error {
	if l == nil {
		return nil
	}
	return l.f.Unlock()
}

func (l *driverLease) save() error {
	data, err := json.Marshal(l.rec)
	if err == nil {
		err = l.f.Replace(append(data, '\n'))
	}
	if err != nil {
		return fmt.Errorf("driver lease %s: %w", l.path, err)
	}
	return nil
}

// stateDir is where the leases are: $ETLGEN_STATE_DIR/drivers, else
// under $XDG_STATE_HOME/etlgen or ~/.local/state/etlgen.
func stateDir() (string, error) {
	if d := os.Getenv(StateDirEnv); d != "" {
		return filepath.Join(d, "drivers"), nil
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "etlgen", "drivers"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no state directory (set %s): %w", StateDirEnv, err)
	}
	return filepath.Join(home, ".local", "state", "etlgen", "drivers"), nil
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// leaseName names a lease by its pipeline (readable) and a hash of the
// server and checkpoint directory it covers (unique).
func leaseName(pipeline, remote, checkpoint string) string {
	sum := sha256.Sum256([]byte(serverOf(remote) + "\n" + checkpoint))
	name := unsafeName.ReplaceAllString(pipeline, "_")
	if len(name) > 64 {
		name = name[:64]
	}
	return name + "-" + hex.EncodeToString(sum[:6]) + ".lease"
}

// serverOf is the host:port of a Connect URL, without its parameters.
func serverOf(remote string) string {
	base, _, _ := strings.Cut(remote, ";")
	return strings.TrimSuffix(strings.TrimPrefix(base, "sc://"), "/")
}

// pipelineCheckpoint is the directory holding the checkpoints of every
// query of a pipeline: their longest common parent, by path element
// (s3a://b/cp/q1 and s3a://b/cp/q2 → s3a://b/cp).
func pipelineCheckpoint(pp *planner.PipelinePlan) string {
	var common []string
	for i, q := range pp.Queries {
		elems := strings.Split(strings.TrimRight(q.Checkpoint, "/"), "/")
		elems = elems[:max(len(elems)-1, 0)]
		if i == 0 {
			common = elems
			continue
		}
		n := 0
		for n < len(common) && n < len(elems) && common[n] == elems[n] {
			n++
		}
		common = common[:n]
	}
	dir := strings.Join(common, "/")
	if strings.HasSuffix(dir, ":/") { // a URI's scheme and no more
		dir += "/"
	}
	return dir
}
