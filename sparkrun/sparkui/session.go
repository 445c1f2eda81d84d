package sparkui

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// ExecutorTasks is what one executor did for a session's jobs.
type ExecutorTasks struct {
	ID                string `json:"id"`
	HostPort          string `json:"hostPort,omitempty"`
	Tasks             int64  `json:"tasks"`
	FailedTasks       int64  `json:"failedTasks,omitempty"`
	ShuffleReadBytes  int64  `json:"shuffleReadBytes"`
	ShuffleWriteBytes int64  `json:"shuffleWriteBytes"`
}

// Usage is which executors ran one session's tasks.
type Usage struct {
	// Jobs and Stages count what was read (the UI's retained ones only).
	Jobs   int `json:"jobs"`
	Stages int `json:"stages"`
	// Evicted counts the stages a retained job names that the UI dropped
	// before they were read (spark.ui.retainedStages is reached first
	// when a busy server runs many stages per job).
	Evicted int `json:"evicted,omitempty"`
	// Executors ran at least one task (succeeded or failed), by id.
	Executors []ExecutorTasks `json:"executors"`
}

// job is the part of /jobs an attribution needs.
type job struct {
	JobID    int64    `json:"jobId"`
	StageIDs []int64  `json:"stageIds"`
	Tags     []string `json:"jobTags"`
}

// stageAttempt is the part of /stages/{id}?details=true it needs.
type stageAttempt struct {
	Status    string `json:"status"`
	Executors map[string]struct {
		Failed       int64 `json:"failedTasks"`
		Succeeded    int64 `json:"succeededTasks"`
		Killed       int64 `json:"killedTasks"`
		ShuffleRead  int64 `json:"shuffleRead"`
		ShuffleWrite int64 `json:"shuffleWrite"`
	} `json:"executorSummary"`
}

// SessionTag is the part of the job tag Spark Connect gives every job of
// a session.
func SessionTag(session string) string { return "_Session_" + session + "_" }

// SessionTasks sums, by executor, the tasks of every retained job tagged
// with the Spark Connect session's id; a skipped stage ran no task. The
// executors' host:port come from /allexecutors. A stage the UI evicted
// between the job listing and its own read is counted in Evicted, not an
// error.
func (c Client) SessionTasks(ctx context.Context, session string) (Usage, error) {
	if session == "" {
		return Usage{}, fmt.Errorf("sparkui: no session id")
	}
	var jobs []job
	if err := c.get(ctx, "/jobs", &jobs); err != nil {
		return Usage{}, err
	}
	tag := SessionTag(session)
	stages := map[int64]bool{}
	u := Usage{}
	for _, j := range jobs {
		if !slices.ContainsFunc(j.Tags, func(t string) bool { return strings.Contains(t, tag) }) {
			continue
		}
		u.Jobs++
		for _, s := range j.StageIDs {
			stages[s] = true
		}
	}
	by := map[string]*ExecutorTasks{}
	for _, id := range slices.Sorted(maps.Keys(stages)) {
		var attempts []stageAttempt
		if err := c.get(ctx, "/stages/"+strconv.FormatInt(id, 10)+"?details=true", &attempts); err != nil {
			if notFound(err) {
				u.Evicted++
				continue
			}
			return Usage{}, err
		}
		u.Stages++
		for _, a := range attempts {
			for eid, s := range a.Executors {
				e := by[eid]
				if e == nil {
					e = &ExecutorTasks{ID: eid}
					by[eid] = e
				}
				e.Tasks += s.Succeeded + s.Failed + s.Killed
				e.FailedTasks += s.Failed
				e.ShuffleReadBytes += s.ShuffleRead
				e.ShuffleWriteBytes += s.ShuffleWrite
			}
		}
	}
	hosts := map[string]string{}
	if all, err := c.Executors(ctx); err == nil {
		for _, e := range all {
			hosts[e.ID] = e.HostPort
		}
	}
	for _, id := range slices.SortedFunc(maps.Keys(by), compareIDs) {
		e := by[id]
		if e.Tasks == 0 {
			continue
		}
		e.HostPort = hosts[id]
		u.Executors = append(u.Executors, *e)
	}
	return u, nil
}
