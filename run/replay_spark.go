package run

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// replayEntriesEnv names, for a replay program, the file of entries it
// appends to the ledger (etlgen_runtime.REPLAY_ENTRIES_ENV).
const replayEntriesEnv = "ETLGEN_REPLAY_ENTRIES"

// sparkLedger is the ledger Delta table of a quarantine's replay on
// Spark: <pipeline's checkpoints>/_replay/<quarantine>/ledger, beside the
// replay's checkpoints (queries/<query>).
func sparkLedger(l *ledger) string { return storeJoin(l.dir, "ledger") }

// ledgerAppID is the txnAppId of a ledger's appends, the ledger's path
// without the checkpoint root (<pipeline>/v<major>/<profile>/_replay/
// <quarantine>/ledger): its own, so that an append of one txnVersion
// commits once.
func ledgerAppID(pp *planner.PipelinePlan, quarantine string) string {
	return storeDir(pp.Queries[0].Identity) + "/_replay/" + quarantine + "/ledger"
}

// ingestSpark feeds the rows add (not in the ledger, which held held
// entries) through the valid branch of src on Spark: the replay program
// (pyspark.GenerateReplay) appends them to the ledger Delta table, exactly
// once (txnAppId ledgerAppID, txnVersion held), then runs the replay's
// queries, which read the ledger from their own checkpoints under
// _replay/<quarantine>/queries and write through their sinks' txnAppId
// (the query identity) and txnVersion (the batch id), available-now. It
// runs like `etlgen run` runs a program: the same Spark line check and
// preflight, under the driver lease of the replay's checkpoints.
func ingestSpark(ctx context.Context, m *planner.Model, pp *planner.PipelinePlan, src *planner.Source, led *ledger, r *ReplayReport, add []ledgerEntry, held int, o Options) error {
	rm, files, err := replayProgram(m, pp, src, led, r.Quarantine)
	if err != nil {
		return err
	}
	if held == 0 && len(add) == 0 {
		r.Applied = true // no ledger, nothing to feed
		return nil
	}
	rpp, _ := rm.Pipeline(pp.ID)
	dir, err := os.MkdirTemp("", "etlgen-replay-")
	if err != nil {
		return fmt.Errorf("replay %s: %w", r.Quarantine, err)
	}
	defer os.RemoveAll(dir)
	entries := filepath.Join(dir, "entries.json")
	if err := writeEntries(entries, held, add); err != nil {
		return fmt.Errorf("replay %s: %w", r.Quarantine, err)
	}
	if err := pyspark.Write(dir, files); err != nil {
		return fmt.Errorf("replay %s: %w", r.Quarantine, err)
	}
	first := rpp.Queries[0].Name
	o.env = append(o.env, replayEntriesEnv+"="+entries)
	o.OnBatch = func(b Batch) {
		if b.Query == first {
			r.Ingested += int(b.InputRows)
		}
	}
	if err := checkServer(ctx, o); err != nil {
		return err
	}
	preflight(ctx, o)
	h := &Handle{id: newRunID(), s: newStream(o), done: make(chan struct{})}
	rep := newReport(rm, rpp, h.ID())
	rep.Program = filepath.Join(dir, files[0].Path)
	if err := runProgram(ctx, rm, rpp, rep, o, h); err != nil {
		return err
	}
	if rep.Status == StateFailed {
		return replayErr(CodeReplaySparkFailed, "replay --yes %s: the replay program failed: %s", r.Quarantine, failureText(rep))
	}
	r.Applied = true
	return nil
}

// replayProgram is the replay model of quarantine (replayModel: the
// valid branch of src, each query with its checkpoint and identity under
// the ledger's directory) and its replay program with the runtime.
func replayProgram(m *planner.Model, pp *planner.PipelinePlan, src *planner.Source, led *ledger, quarantine string) (*planner.Model, []pyspark.File, error) {
	rm, err := replayModel(m, pp, src, led.dir)
	if err != nil {
		return nil, nil, err
	}
	files, err := pyspark.GenerateReplay(rm, pyspark.Replay{Pipeline: pp.ID, Quarantine: quarantine, Source: src.Asset,
		Ledger: sparkLedger(led), AppID: ledgerAppID(pp, quarantine)})
	if err != nil {
		return nil, nil, replayErr(CodeReplayProgram, "replay --yes %s: the valid branch cannot run as a replay program on Spark: %w", quarantine, err)
	}
	return rm, files, nil
}

// writeEntries writes the file of entries a replay program appends: the
// ledger's txnVersion (the entries it held) and the new entries.
func writeEntries(path string, version int, add []ledgerEntry) error {
	data, err := json.Marshal(struct {
		Version int           `json:"version"`
		Entries []ledgerEntry `json:"entries"`
	}{version, add})
	if err != nil {
		return fmt.Errorf("write replay entries: %w", err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return fmt.Errorf("write replay entries: %w", err)
	}
	return nil
}

// failureText is a failed report's failure, for an error: its code and
// the first line of its message (the rest is Spark's stack trace).
func failureText(r *Report) string {
	if r.Failure == nil {
		return fmt.Sprintf("exit %d", r.ExitCode)
	}
	first, _, _ := strings.Cut(r.Failure.Message, "\n")
	return strings.TrimSpace(r.Failure.Code + ": " + first)
}

// storeJoin joins path elements to a directory of the profile's store: a
// URL (s3a://bucket/dir) keeps its scheme's slashes, a local path is
// joined as a file path.
func storeJoin(dir string, elem ...string) string {
	if strings.Contains(dir, "://") {
		return strings.TrimRight(dir, "/") + "/" + strings.Join(elem, "/")
	}
	return filepath.Join(append([]string{dir}, elem...)...)
}

// storeDir is the directory holding a path of the profile's store.
func storeDir(p string) string {
	if strings.Contains(p, "://") {
		p = strings.TrimRight(p, "/")
		return p[:strings.LastIndexByte(p, '/')]
	}
	return filepath.Dir(p)
}

// sparkLedgerIDs returns the replay ids the ledger Delta table at path
// holds, read through Spark Connect; none when it does not exist yet.
func sparkLedgerIDs(ctx context.Context, m *planner.Model, path string) (map[string]bool, error) {
	s, err := openSparkSession(ctx, m)
	if err != nil {
		return nil, replayErr(CodeReplayLedger, "read replay ledger %s: %w", path, err)
	}
	defer s.Stop()
	rows, err := collect(ctx, s, "SELECT id FROM delta."+pyspark.SQLIdent(path))
	switch {
	case err != nil && (strings.Contains(err.Error(), "[PATH_NOT_FOUND]") || strings.Contains(err.Error(), "[DELTA_TABLE_NOT_FOUND]")):
		return map[string]bool{}, nil
	case err != nil:
		return nil, replayErr(CodeReplayLedger, "read replay ledger %s: %w", path, err)
	}
	out := make(map[string]bool, len(rows))
	for _, v := range rows {
		if id, ok := v.(string); ok {
			out[id] = true
		}
	}
	return out, nil
}

// sparkReplayDirs lists the directories the replays of the model's
// quarantines keep on Spark (_replay/<quarantine>: the ledger table and
// the replay's checkpoints), those whose valid branch a replay can feed,
// for a start over to delete with the checkpoints.
func sparkReplayDirs(m *planner.Model) []string {
	var out []string
	for i := range m.Pipelines {
		pp := &m.Pipelines[i]
		qs := quarantinesOf(pp)
		for _, asset := range slices.Sorted(maps.Keys(qs)) {
			led, err := openLedger(pp, asset)
			if err != nil {
				continue
			}
			if _, err := replayModel(m, pp, qs[asset], led.dir); err == nil {
				out = append(out, led.dir)
			}
		}
	}
	return out
}
