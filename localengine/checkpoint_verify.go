package localengine

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// loggedSink is a sink that logs the batches it committed (FileSink):
// recovery checks its log against the checkpoint.
type loggedSink interface {
	lastLogged() (batch int64, ok bool, err error)
	// logFile is the log's path, for errors.
	logFile() string
}

// verify checks, before the query resumes, that its checkpoint's logs line
// up: the retained offsets have no gap; every commit, state file and
// sink-log batch has its offsets; only the last offsets may be
// uncommitted; the state of every retained committed batch can be rebuilt
// from a snapshot and deltas. Otherwise resuming would plan a batch again over other data
// and rewrite or skip its output (Spark fails its recovery when an offset
// log entry is missing); the error says what is wrong.
func (q *Query) verify() error {
	offsets, err := q.cp.ids("offsets")
	if err != nil {
		return err
	}
	commits, err := q.cp.ids("commits")
	if err != nil {
		return err
	}
	sf, err := q.cp.stateFiles()
	if err != nil {
		return err
	}
	if err := q.verifyLogs(offsets, commits, append(slices.Clone(sf.deltas), sf.snapshots...)); err != nil {
		return err
	}
	if err := q.verifyOffsets(offsets); err != nil {
		return err
	}
	if err := q.verifyState(sf, offsets, commits); err != nil {
		return err
	}
	return q.verifySink(offsets, commits)
}

// verifyState checks that the state after every retained committed batch
// can be rebuilt: from the latest snapshot at or before the oldest
// retained offsets, a delta (or a snapshot) for every batch after it up to
// the last commit. A stateless query has no state files.
func (q *Query) verifyState(sf stateFiles, offsets, commits []int64) error {
	if len(q.c.stateful) == 0 || len(offsets) == 0 || len(commits) == 0 {
		return nil
	}
	first, committed := offsets[0], commits[len(commits)-1]
	if committed < first {
		return nil // commits left by a crashed prune
	}
	if m := sf.missing(first, committed); m >= 0 {
		return q.cp.stateGap(sf.base(first), committed, m)
	}
	return nil
}

// verifyLogs checks offsets, commits and state snapshots. Entries below
// the first retained offsets are left by a prune that crashed and do not
// count.
func (q *Query) verifyLogs(offsets, commits, states []int64) error {
	last := int64(-1)
	for i, n := range offsets {
		if i > 0 && n != offsets[i-1]+1 {
			return q.gap(fmt.Sprintf("offsets/%d is missing (offsets has %d and %d)", offsets[i-1]+1, offsets[i-1], n))
		}
		last = n
	}
	first := int64(0)
	if len(offsets) > 0 {
		first = offsets[0]
	}
	if err := q.verifyRetention(first, commits); err != nil {
		return err
	}
	done := map[int64]bool{}
	for _, n := range commits {
		if n > last {
			return q.gap(fmt.Sprintf("commits/%d has no offsets/%d", n, n))
		}
		done[n] = true
	}
	for n := first; n < last; n++ {
		if !done[n] {
			return q.gap(fmt.Sprintf("commits/%d is missing although batch %d ran after it", n, last))
		}
	}
	for _, n := range states {
		if n > last {
			return q.gap(fmt.Sprintf("state/%d has no offsets/%d", n, n))
		}
	}
	return nil
}

// verifyRetention checks that offsets before the first retained ones
// (first > 0) can have been pruned: the prune after batch n deletes
// batches up to n-MinBatchesToRetain, so a batch at least
// first+MinBatchesToRetain-1 committed. Otherwise the oldest offsets were
// deleted, and resuming would lose what they recorded (the files they
// read, the watermark the next batch judges late rows by).
func (q *Query) verifyRetention(first int64, commits []int64) error {
	if first == 0 {
		return nil
	}
	committed := int64(-1)
	if len(commits) > 0 {
		committed = commits[len(commits)-1]
	}
	if committed >= first+MinBatchesToRetain-1 {
		return nil
	}
	return q.gap(fmt.Sprintf("offsets/%d is missing (the offsets start at %d), but the retention of %d batches cannot have pruned it: the last commit is %d", first-1, first, MinBatchesToRetain, committed))
}

// verifySink checks the log of this checkpoint in the query's sink and in
// every sink it hosts: no batch beyond the offsets, none of the committed
// batches missing. A missing log is missing batches once a batch
// committed: a deleted or emptied sink directory, or a sink moved under an
// old checkpoint (Spark forbids changing a file sink's directory), would
// otherwise hide the committed rows for good.
func (q *Query) verifySink(offsets, commits []int64) error {
	last, committed := int64(-1), int64(-1)
	if len(offsets) > 0 {
		last = offsets[len(offsets)-1]
	}
	if len(commits) > 0 {
		committed = commits[len(commits)-1]
	}
	sinks := []struct {
		name string
		sink Sink
	}{{q.Name, q.sink}}
	for _, h := range q.hosted {
		sinks = append(sinks, struct {
			name string
			sink Sink
		}{h.name, h.sink})
	}
	for _, s := range sinks {
		ls, ok := s.sink.(loggedSink)
		if !ok {
			continue
		}
		logged, ok, err := ls.lastLogged()
		if err != nil {
			return err
		}
		if !ok {
			logged = -1
		}
		if err := q.sinkLogLinesUp(s.name, ls.logFile(), logged, last, committed); err != nil {
			return err
		}
	}
	return nil
}

// sinkLogLinesUp compares the last batch a sink logged (-1: none) in its
// log file with the checkpoint's last offsets and last commit.
func (q *Query) sinkLogLinesUp(load, file string, logged, last, committed int64) error {
	hint := "restore the checkpoint and the sink directory together, or start over (`etlgen run --fresh`, or a new major version and a new sink directory)"
	switch {
	case logged > last:
		return &CheckpointError{Code: CodeSinkLogMismatch, Checkpoint: q.Checkpoint, Hint: hint,
			Problem: fmt.Sprintf("the sink of load %s logged batch %d of this checkpoint in %s, but offsets/%d is missing: re-planning it would write other rows under a committed batch id", load, logged, file, logged)}
	case logged < 0 && committed >= 0:
		return &CheckpointError{Code: CodeSinkLogMismatch, Checkpoint: q.Checkpoint, Hint: hint,
			Problem: fmt.Sprintf("the sink of load %s has no log of this checkpoint (%s), but batches up to %d committed: the sink lost them (its log or directory was deleted, or the sink moved)", load, file, committed)}
	case logged < committed:
		return &CheckpointError{Code: CodeSinkLogMismatch, Checkpoint: q.Checkpoint, Hint: hint,
			Problem: fmt.Sprintf("the sink log %s of load %s ends at batch %d but batch %d committed: the sink lost batches", file, load, logged, committed)}
	}
	return nil
}

// verifyOffsets checks each retained offsets file on its own and against
// the one before it: it is batch N's (its batchId is its name), every
// source's position is not negative and never goes back, a file source's
// files are plain names, and the batch's late-events watermark is the
// watermark of the batch before it, which never goes back. A file edited
// by hand (a position moved back) would otherwise be resumed silently and
// read rows again.
func (q *Query) verifyOffsets(offsets []int64) error {
	var prev *OffsetLog
	for _, n := range offsets {
		var ol OffsetLog
		if err := q.cp.readJSON("offsets", n, &ol); err != nil {
			return q.badOffsets(n, err.Error())
		}
		if ol.BatchID != n {
			return q.badOffsets(n, fmt.Sprintf("it says batchId %d", ol.BatchID))
		}
		for _, a := range slices.Sorted(maps.Keys(ol.Sources)) {
			o := ol.Sources[a]
			if o.N < 0 {
				return q.badOffsets(n, fmt.Sprintf("source %s is at %d", a, o.N))
			}
			for _, f := range o.Files {
				if f == "" || f == "." || f == ".." || strings.ContainsAny(f, "/\\\x00") {
					return q.badOffsets(n, fmt.Sprintf("source %s lists %q, not a file name", a, f))
				}
			}
			if prev == nil {
				continue
			}
			if p, ok := prev.Sources[a]; ok && o.N < p.N {
				return q.badOffsets(n, fmt.Sprintf("source %s goes back from %d (offsets/%d) to %d", a, p.N, n-1, o.N))
			}
		}
		if prev != nil && (ol.BatchWatermarkMs < prev.BatchWatermarkMs || ol.LateEventsWatermarkMs != prev.BatchWatermarkMs) {
			return q.badOffsets(n, fmt.Sprintf("its watermarks (batch %d, late events %d) do not follow offsets/%d's batch watermark %d", ol.BatchWatermarkMs, ol.LateEventsWatermarkMs, n-1, prev.BatchWatermarkMs))
		}
		prev = &ol
	}
	return nil
}

// badOffsets is a CodeBadOffsets error about offsets/n.
func (q *Query) badOffsets(n int64, problem string) error {
	return &CheckpointError{Code: CodeBadOffsets, Checkpoint: q.Checkpoint,
		Problem: fmt.Sprintf("offsets/%d fails its consistency check: %s", n, problem),
		Hint:    "restore the checkpoint from a backup, or start over (`etlgen run --fresh`); never edit offsets files"}
}

// gap is a CodeCheckpointGap error.
func (q *Query) gap(problem string) error {
	return &CheckpointError{Code: CodeCheckpointGap, Checkpoint: q.Checkpoint, Problem: problem,
		Hint: "restore the checkpoint from a backup, or start a new checkpoint (a new major version, or delete the whole checkpoint directory); never delete single entries"}
}
