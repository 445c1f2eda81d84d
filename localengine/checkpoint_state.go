package localengine

import (
	"bufio"
	"crypto/sha256"
	"encoding/gob"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// The state of a stateful query is kept as HDFSBackedStateStoreProvider
// keeps it: after every batch N, state/N.delta holds what the batch
// changed (the keys it set, with their values, and the keys it removed,
// per operator, records sorted by key: keyedState); every
// DefaultSnapshotInterval batches (the profile's
// execution.state_snapshot_interval, Spark's
// spark.sql.streaming.stateStore.minDeltasForSnapshot) state/N.snapshot
// holds the records of every key after N, merged in the background from
// the previous snapshot and the deltas after it, as Spark's maintenance
// task does. The state after batch N is the latest snapshot at or before N with
// the deltas after it up to N. A checkpoint written before deltas has a
// whole state/N per batch: each is read as a snapshot.
const (
	deltaSuffix    = ".delta"
	snapshotSuffix = ".snapshot"
)

// DefaultSnapshotInterval is how many batches apart the local engine
// writes state snapshots when the profile does not say
// (spark.sql.streaming.stateStore.minDeltasForSnapshot, default 10).
const DefaultSnapshotInterval = 10

// stateFiles lists a checkpoint's state files by batch id, sorted.
type stateFiles struct {
	deltas, snapshots []int64
	// legacy are the snapshots named state/N (a checkpoint written before
	// deltas), a subset of snapshots.
	legacy map[int64]bool
}

// stateFiles lists state/.
func (c checkpoint) stateFiles() (stateFiles, error) {
	sf := stateFiles{legacy: map[int64]bool{}}
	entries, err := os.ReadDir(filepath.Join(c.dir, "state"))
	if errors.Is(err, fs.ErrNotExist) {
		return sf, nil
	}
	if err != nil {
		return sf, fmt.Errorf("list checkpoint state: %w", err)
	}
	for _, e := range entries {
		name := e.Name()
		base, suffix := name, ""
		if i := strings.IndexByte(name, '.'); i > 0 {
			base, suffix = name[:i], name[i:]
		}
		n, err := strconv.ParseInt(base, 10, 64)
		if err != nil || n < 0 {
			continue // a temporary file (".N.delta.tmp") or not ours
		}
		switch suffix {
		case deltaSuffix:
			sf.deltas = append(sf.deltas, n)
		case snapshotSuffix, "":
			sf.legacy[n] = suffix == "" && !slices.Contains(sf.snapshots, n) // state/N.snapshot wins
			if !slices.Contains(sf.snapshots, n) {
				sf.snapshots = append(sf.snapshots, n)
			}
		}
	}
	slices.Sort(sf.deltas)
	slices.Sort(sf.snapshots)
	return sf, nil
}

// base returns the latest snapshot at or before n, -1 when there is none
// (the empty state before batch 0).
func (sf stateFiles) base(n int64) int64 {
	i, found := slices.BinarySearch(sf.snapshots, n)
	if found {
		return n
	}
	if i == 0 {
		return -1
	}
	return sf.snapshots[i-1]
}

// missing returns the first batch after the snapshot base(from) up to to
// without a delta (or a snapshot), -1 when the state of every batch from
// from to to can be rebuilt.
func (sf stateFiles) missing(from, to int64) int64 {
	for n := sf.base(from) + 1; n <= to; n++ {
		if _, ok := slices.BinarySearch(sf.deltas, n); !ok {
			if _, ok := slices.BinarySearch(sf.snapshots, n); !ok {
				return n
			}
		}
	}
	return -1
}

func (c checkpoint) deltaPath(n int64) string    { return c.path("state", n) + deltaSuffix }
func (c checkpoint) snapshotPath(n int64) string { return c.path("state", n) + snapshotSuffix }

// writeDelta writes state/N.delta: the records of the keys batch n
// changed in the operators' state. A snapshot of batch n left by a run
// that crashed before its commit is removed first: the state after the
// re-run is this one.
func (c checkpoint) writeDelta(n int64, ops []stateful) error {
	if len(ops) == 0 {
		return nil // a stateless query has no state (readState reads none)
	}
	if err := os.Remove(c.snapshotPath(n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("write state delta %d: %w", n, unwritable(c.snapshotPath(n), err))
	}
	if err := writeStateFile(c.deltaPath(n), ops, false); err != nil {
		return fmt.Errorf("write state delta %d: %w", n, err)
	}
	for _, op := range ops {
		op.clean()
	}
	return nil
}

// writeStateFile writes, per operator, its name and its records (of every
// key, or of the keys changed), streamed into a file renamed into place.
func writeStateFile(path string, ops []stateful, whole bool) error {
	return atomicStream(path, func(w *bufio.Writer) error {
		sw := &stateWriter{w: w}
		for _, op := range ops {
			if err := sw.name(op.stateName()); err != nil {
				return fmt.Errorf("encode %s: %w", op.stateName(), err)
			}
			if err := op.writeState(sw, whole); err != nil {
				return fmt.Errorf("encode %s: %w", op.stateName(), err)
			}
		}
		return nil
	})
}

// atomicStream writes the state file path with write, then the seal
// trailer of what write wrote (state_seal.go), atomically (streamAtomic).
func atomicStream(path string, write func(*bufio.Writer) error) error {
	_, err := streamAtomic(path, write, func(f io.Writer, h hash.Hash) error {
		_, err := f.Write(trailer(h))
		return err
	})
	return err
}

// streamAtomic writes path with write through a buffer into a temporary
// file (a dot name, as atomicWrite's), then what seal (if not nil) adds
// given the SHA-256 of write's bytes, and renames the file into place. It
// returns that SHA-256, so a caller can record it without holding the
// bytes.
func streamAtomic(path string, write func(*bufio.Writer) error, seal func(io.Writer, hash.Hash) error) (hash.Hash, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, unwritable(path, err)
	}
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
	f, err := os.Create(tmp)
	if err != nil {
		return nil, unwritable(path, err)
	}
	hw := &hashingWriter{w: f, h: sha256.New()}
	bw := bufio.NewWriterSize(hw, 1<<16)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil && seal != nil {
		err = seal(f, hw.h)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return nil, unwritable(path, err)
	}
	return hw.h, nil
}

// readState restores the operators to their state after batch n: the
// latest snapshot at or before n, then the deltas after it. It returns
// the snapshot's batch id (-1: none, the deltas from batch 0).
func (c checkpoint) readState(n int64, ops []stateful) (int64, error) {
	if len(ops) == 0 {
		return -1, nil
	}
	sf, err := c.stateFiles()
	if err != nil {
		return -1, err
	}
	base := sf.base(n)
	if m := sf.missing(n, n); m >= 0 {
		return -1, c.stateGap(base, n, m)
	}
	switch {
	case base >= 0 && sf.legacy[base]:
		err = readLegacyFile(c.path("state", base), ops)
	case base >= 0:
		err = readStateFile(c.snapshotPath(base), ops, true, c.mustSeal(base))
	}
	if err != nil {
		return -1, fmt.Errorf("read state snapshot %d: %w", base, unreadable(c.snapshotPath(base), err))
	}
	for d := base + 1; d <= n; d++ {
		if err := readStateFile(c.deltaPath(d), ops, false, c.mustSeal(d)); err != nil {
			return -1, fmt.Errorf("read state delta %d: %w", d, unreadable(c.deltaPath(d), err))
		}
	}
	for _, op := range ops {
		op.restored()
	}
	return base, nil
}

// readStateFile reads, per operator, its name and its records: a whole
// state or a delta, after checking its trailer (which it must have when
// must).
func readStateFile(path string, ops []stateful, whole, must bool) error {
	if err := checkStateSeal(path, must); err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := &stateReader{r: bufio.NewReaderSize(f, 1<<16)}
	for _, op := range ops {
		if err := readName(r, op); err != nil {
			return err
		}
		if err := op.readState(r, whole); err != nil {
			return fmt.Errorf("decode %s: %w", op.stateName(), err)
		}
	}
	return nil
}

// readName reads an operator's name and checks it is op's.
func readName(r *stateReader, op stateful) error {
	name, err := r.name()
	if err != nil || name != op.stateName() {
		return fmt.Errorf("operator %q where %s was expected: %v", name, op.stateName(), err)
	}
	return nil
}

// readLegacyFile reads a whole state/N of a checkpoint written before
// deltas: per operator its name and its state value, gob.
func readLegacyFile(path string, ops []stateful) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	dec := gob.NewDecoder(bufio.NewReaderSize(f, 1<<16))
	for _, op := range ops {
		var name string
		if err := dec.Decode(&name); err != nil || name != op.stateName() {
			return fmt.Errorf("operator %q where %s was expected: %v", name, op.stateName(), err)
		}
		if err := op.readLegacy(dec.Decode); err != nil {
			return fmt.Errorf("decode %s: %w", name, err)
		}
	}
	return nil
}

// stateGap is the CodeStateChain error for the state after batch n,
// rebuilt from snapshot base, whose batch m has neither a delta nor a
// snapshot.
func (c checkpoint) stateGap(base, n, m int64) error {
	from := "the deltas from batch 0 (no snapshot before it)"
	if base >= 0 {
		from = fmt.Sprintf("state/%d%s and the deltas after it", base, snapshotSuffix)
	}
	return &CheckpointError{Code: CodeStateChain, Checkpoint: c.dir,
		Problem: fmt.Sprintf("state/%d%s is missing: the state after batch %d is rebuilt from %s", m, deltaSuffix, n, from),
		Hint:    "restore the checkpoint from a backup, or start a new checkpoint (a new major version, or delete the whole checkpoint directory); never delete single state files"}
}

// pruneState deletes the state files no retained batch needs once batch
// n committed: the state after first, the oldest batch whose offsets are
// kept (a replay of first+1 starts from it), is the latest snapshot at or
// before first and the deltas after it, so every file before that
// snapshot goes. A snapshot being written in the background reads from a
// snapshot at least as new (there is one writer at a time, and its own
// file appears only once it has read), so its files stay.
func (c checkpoint) pruneState(n, keep int64) error {
	first := n - keep + 1
	if first <= 0 {
		return nil
	}
	sf, err := c.stateFiles()
	if err != nil {
		return err
	}
	base := sf.base(first)
	if base <= 0 {
		return nil
	}
	var paths []string
	for _, d := range sf.deltas {
		if d <= base {
			paths = append(paths, c.deltaPath(d))
		}
	}
	for _, s := range sf.snapshots {
		if s < base {
			paths = append(paths, c.snapshotPath(s), c.path("state", s))
		}
	}
	for _, p := range paths {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("prune checkpoint state: %w", err)
		}
	}
	return nil
}

// maxMergeInputs bounds the files a snapshot merges at once (a snapshot
// interval above it merges in memory instead).
const maxMergeInputs = 64

// snapshot writes state/N.snapshot from the files: the latest snapshot at
// or before n and the deltas after it merged record by record (sorted by
// key), so that it holds no state in memory; ops (a fresh copy of the
// query's operators) only decode. A snapshot of a checkpoint written
// before deltas (a whole state/N), or more than maxMergeInputs files, are
// read into ops and written whole instead. Nothing is written when a
// snapshot of n exists.
func (c checkpoint) snapshot(n int64, ops []stateful) error {
	sf, err := c.stateFiles()
	if err != nil {
		return err
	}
	base := sf.base(n)
	if base == n {
		return nil
	}
	if m := sf.missing(n, n); m >= 0 {
		return c.stateGap(base, n, m)
	}
	if (base >= 0 && sf.legacy[base]) || n-base+1 > maxMergeInputs {
		if _, err := c.readState(n, ops); err != nil {
			return err
		}
		return writeStateFile(c.snapshotPath(n), ops, true)
	}
	var paths []string
	var ns []int64
	if base >= 0 {
		paths, ns = append(paths, c.snapshotPath(base)), append(ns, base)
	}
	for d := base + 1; d <= n; d++ {
		paths, ns = append(paths, c.deltaPath(d)), append(ns, d)
	}
	if err := c.checkStateSeals(paths, ns); err != nil {
		return fmt.Errorf("write state snapshot %d: %w", n, err)
	}
	ins := make([]*stateReader, len(paths))
	for i, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return fmt.Errorf("write state snapshot %d: %w", n, unreadable(p, err))
		}
		defer f.Close()
		ins[i] = &stateReader{r: bufio.NewReaderSize(f, 1<<16)}
	}
	if err := atomicStream(c.snapshotPath(n), func(w *bufio.Writer) error { return mergeStates(ins, ops, w) }); err != nil {
		if cerr := c.checkStateSeals(paths, ns); cerr != nil {
			err = cerr // an input changed while it was merged: name it, not the snapshot
		}
		return fmt.Errorf("write state snapshot %d: %w", n, err)
	}
	// An input changed between its check and its read may still decode:
	// the snapshot would seal its bytes as good. Check the inputs again and
	// take such a snapshot back, naming the input.
	if err := c.checkStateSeals(paths, ns); err != nil {
		if rerr := os.Remove(c.snapshotPath(n)); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			err = errors.Join(err, rerr)
		}
		return fmt.Errorf("write state snapshot %d: %w", n, err)
	}
	return nil
}

// mergeStates writes to w, per operator, its name and the merge of its
// records in ins.
func mergeStates(ins []*stateReader, ops []stateful, w *bufio.Writer) error {
	out := &stateWriter{w: w}
	for _, op := range ops {
		for _, in := range ins {
			if err := readName(in, op); err != nil {
				return err
			}
		}
		if err := out.name(op.stateName()); err != nil {
			return fmt.Errorf("encode %s: %w", op.stateName(), err)
		}
		if err := op.compact(ins, out); err != nil {
			return fmt.Errorf("merge %s: %w", op.stateName(), err)
		}
	}
	return nil
}

// snapshotter writes a query's state snapshots in the background, one at
// a time, as Spark's state store maintenance task does: the batch that
// commits does not wait for them.
type snapshotter struct {
	// interval is how many batches apart snapshots are written.
	interval int64
	// last is the batch of the latest snapshot, written or in flight; -1
	// none.
	last int64
	// done delivers the result of the snapshot in flight; nil when none.
	done chan error
}

// after is called once batch n committed: when interval batches passed
// since the last snapshot, it starts writing the snapshot of batch n on a
// copy of the operators from build, once the previous snapshot finished.
// It returns the error of a previous snapshot.
func (s *snapshotter) after(cp checkpoint, n int64, build func() (*compiled, error)) error {
	if s.done != nil {
		select {
		case err := <-s.done:
			s.done = nil
			if err != nil {
				return err
			}
		default:
		}
	}
	if n-s.last < s.interval {
		return nil
	}
	if err := s.wait(); err != nil {
		return err
	}
	c, err := build()
	if err != nil {
		return fmt.Errorf("state snapshot %d: %w", n, err)
	}
	if len(c.stateful) == 0 {
		return nil
	}
	done := make(chan error, 1)
	s.done, s.last = done, n
	go func() { done <- cp.snapshot(n, c.stateful) }()
	return nil
}

// wait waits for the snapshot in flight and returns its error.
func (s *snapshotter) wait() error {
	if s.done == nil {
		return nil
	}
	err := <-s.done
	s.done = nil
	return err
}
