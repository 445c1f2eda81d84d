package engine

import (
	"fmt"
	"slices"
)

// loggedSink is a sink that logs the batches it committed (FileSink):
// recovery checks its log against the checkpoint.
type loggedSink interface {
	lastLogged() (batch int64, ok bool, err error)
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

// verifySink checks the sink's log of this checkpoint: no batch beyond
// the offsets, none of the committed batches missing.
func (q *Query) verifySink(offsets, commits []int64) error {
	ls, ok := q.sink.(loggedSink)
	if !ok {
		return nil
	}
	logged, ok, err := ls.lastLogged()
	if err != nil || !ok {
		return err // a sink without this checkpoint's log: new, or its directory was emptied
	}
	last, committed := int64(-1), int64(-1)
	if len(offsets) > 0 {
		last = offsets[len(offsets)-1]
	}
	if len(commits) > 0 {
		committed = commits[len(commits)-1]
	}
	hint := "restore the checkpoint and the sink directory together, or start a new checkpoint (a new major version) and a new sink directory"
	switch {
	case logged > last:
		return &CheckpointError{Code: CodeSinkLogMismatch, Checkpoint: q.Checkpoint, Hint: hint,
			Problem: fmt.Sprintf("the sink of query %s logged batch %d of this checkpoint, but offsets/%d is missing: re-planning it would write other rows under a committed batch id", q.Name, logged, logged)}
	case logged < committed:
		return &CheckpointError{Code: CodeSinkLogMismatch, Checkpoint: q.Checkpoint, Hint: hint,
			Problem: fmt.Sprintf("the sink log of query %s ends at batch %d but batch %d committed: the sink lost batches", q.Name, logged, committed)}
	}
	return nil
}

// gap is a CodeCheckpointGap error.
func (q *Query) gap(problem string) error {
	return &CheckpointError{Code: CodeCheckpointGap, Checkpoint: q.Checkpoint, Problem: problem,
		Hint: "restore the checkpoint from a backup, or start a new checkpoint (a new major version, or delete the whole checkpoint directory); never delete single entries"}
}
