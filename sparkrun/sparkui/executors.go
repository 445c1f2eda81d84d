package sparkui

import (
	"context"
	"slices"
)

// DriverID is the executor id of the driver: on a local[N] master it runs
// every task.
const DriverID = "driver"

// Executor is one executor of the application (or the driver), as
// /allexecutors lists it.
type Executor struct {
	ID          string `json:"id"`
	HostPort    string `json:"hostPort"`
	Active      bool   `json:"isActive"`
	TotalCores  int    `json:"totalCores"`
	TotalTasks  int64  `json:"totalTasks"`
	FailedTasks int64  `json:"failedTasks"`
	// RemoveReason says why a removed executor left (e.g. its worker was lost).
	RemoveReason string `json:"removeReason,omitempty"`
}

// Executors lists every executor the application has had, the driver
// included, active ones first, each group by id.
func (c Client) Executors(ctx context.Context) ([]Executor, error) {
	var out []Executor
	if err := c.get(ctx, "/allexecutors", &out); err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b Executor) int {
		switch {
		case a.Active != b.Active && a.Active:
			return -1
		case a.Active != b.Active:
			return 1
		}
		return compareIDs(a.ID, b.ID)
	})
	return out, nil
}

// ActiveExecutors returns the active executors other than the driver:
// none on a local[N] master, where the driver runs the tasks.
func ActiveExecutors(all []Executor) []Executor {
	var out []Executor
	for _, e := range all {
		if e.Active && e.ID != DriverID {
			out = append(out, e)
		}
	}
	return out
}

// compareIDs orders executor ids: the driver first, then numerically
// (Spark numbers executors 0, 1, … as strings), then as text.
func compareIDs(a, b string) int {
	if a == b {
		return 0
	}
	if a == DriverID {
		return -1
	}
	if b == DriverID {
		return 1
	}
	if len(a) != len(b) && isDigits(a) && isDigits(b) {
		return len(a) - len(b)
	}
	if a < b {
		return -1
	}
	return 1
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
