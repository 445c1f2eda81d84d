package run

import (
	"context"
	"time"

	"github.com/etlgen/etlgen/pyspark/events"
	"github.com/etlgen/etlgen/sparkrun/sparkui"
)

// ExecutorsReport is which executors ran a Spark run's tasks, read from
// the driver's status API after the run: every job Spark Connect tagged
// with the program's session (the queries' micro-batches and their
// foreachBatch writes), summed by executor. On a local[N] server the
// driver runs them all; on a cluster each executor that took part is
// listed, a lost one included.
type ExecutorsReport struct {
	// UI is the driver UI the figures come from.
	UI string `json:"ui,omitempty"`
	// Jobs and Stages counted (the UI retains the most recent 1000 of each
	// by default).
	Jobs   int `json:"jobs"`
	Stages int `json:"stages"`
	// Evicted counts stages the UI dropped before they could be read.
	Evicted int `json:"evicted,omitempty"`
	// Executors ran at least one task of the run, by executor id.
	Executors []sparkui.ExecutorTasks `json:"executors"`
	// Unavailable says why the executors are not known (no UI, the API
	// did not answer); the other fields are then empty.
	Unavailable string `json:"unavailable,omitempty"`
}

// driverUI is the start line's "ui": where the program's session says
// the driver's UI listens.
type driverUI = events.DriverUI

// executorsTimeout bounds reading the executors after a run.
const executorsTimeout = 30 * time.Second

// executorsOf reads which executors ran the session's tasks.
func executorsOf(ctx context.Context, ui *driverUI, session string) *ExecutorsReport {
	if session == "" {
		return nil
	}
	if ui == nil {
		return &ExecutorsReport{Unavailable: "the program's session did not say where the driver's UI is"}
	}
	url, err := sparkui.Endpoint(ui.DriverHost, ui.UIPort, "true")
	if err != nil {
		return &ExecutorsReport{Unavailable: err.Error()}
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), executorsTimeout)
	defer cancel()
	u, err := sparkui.Client{URL: url, App: ui.App}.SessionTasks(ctx, session)
	if err != nil {
		return &ExecutorsReport{UI: url, Unavailable: err.Error()}
	}
	return &ExecutorsReport{UI: url, Jobs: u.Jobs, Stages: u.Stages, Evicted: u.Evicted, Executors: u.Executors}
}
