package run

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"regexp"
	"slices"

	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
)

// ledgerEntry is one line of a replay ledger: a quarantined row's replay id
// and the payload fed through the valid branch.
type ledgerEntry struct {
	ID  string `json:"id"`
	Raw []byte `json:"raw"`
}

// ledger is the replay ledger of one quarantine: an append-only JSON-lines
// file, <checkpoints of the pipeline>/_replay/<quarantine>/ledger.jsonl,
// beside the checkpoints of the replay's own queries (queries/<query>).
// Its lines are the replay source: the replay's checkpoints record how
// many of them each query ingested, so an entry is written before its row
// is fed, and a replay stopped anywhere is finished by the next one.
type ledger struct {
	dir  string
	path string
}

// plainName is what a quarantine asset must look like to name a directory.
var plainName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*$`)

// openLedger returns the ledger of quarantine asset of pipeline pp; the
// directory need not exist.
func openLedger(pp *planner.PipelinePlan, asset string) (*ledger, error) {
	if len(pp.Queries) == 0 || pp.Queries[0].Checkpoint == "" {
		return nil, replayErr(CodeReplayLedger, "replay %s: pipeline %s has no checkpoint directory", asset, pp.ID)
	}
	if !plainName.MatchString(asset) {
		return nil, replayErr(CodeReplayLedger, "replay %s: the quarantine's name cannot name a ledger directory (letters, digits, _ . - only)", asset)
	}
	dir := storeJoin(storeDir(pp.Queries[0].Checkpoint), "_replay", asset)
	return &ledger{dir: dir, path: storeJoin(dir, "ledger.jsonl")}, nil
}

// read returns the ledger's complete entries in order, and the length of
// the file they fill (a last line without its newline is an append that
// a stop interrupted: never fed, it is cut off by the next append). The
// ledger must be a regular file, not a symbolic link.
func (l *ledger) read() ([]ledgerEntry, int64, error) {
	fi, err := os.Lstat(l.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, replayErr(CodeReplayLedger, "read replay ledger %s: %w", l.path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, replayErr(CodeReplayLedger, "read replay ledger %s: not a regular file", l.path)
	}
	data, err := os.ReadFile(l.path)
	if err != nil {
		return nil, 0, replayErr(CodeReplayLedger, "read replay ledger: %w", err)
	}
	end := bytes.LastIndexByte(data, '\n') + 1
	var out []ledgerEntry
	for i, line := range bytes.Split(data[:end], []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var e ledgerEntry
		if err := json.Unmarshal(line, &e); err != nil || e.ID == "" {
			return nil, 0, replayErr(CodeReplayLedger, "read replay ledger %s: line %d is not a ledger entry", l.path, i+1)
		}
		out = append(out, e)
	}
	return out, int64(end), nil
}

// ids returns the replay ids the ledger holds.
func (l *ledger) ids() (map[string]bool, error) {
	es, _, err := l.read()
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(es))
	for _, e := range es {
		out[e.ID] = true
	}
	return out, nil
}

// append adds the entries whose ids the ledger does not hold yet, synced
// to disk, and returns every entry, old and new, in order.
func (l *ledger) append(add []ledgerEntry) ([]ledgerEntry, error) {
	old, size, err := l.read()
	if err != nil {
		return nil, err
	}
	held := map[string]bool{}
	for _, e := range old {
		held[e.ID] = true
	}
	var buf bytes.Buffer
	for _, e := range add {
		if held[e.ID] {
			continue
		}
		held[e.ID] = true
		line, err := json.Marshal(e)
		if err != nil {
			return nil, fmt.Errorf("append replay ledger: %w", err)
		}
		buf.Write(append(line, '\n'))
		old = append(old, e)
	}
	if buf.Len() == 0 {
		return old, nil
	}
	if err := os.MkdirAll(l.dir, 0o755); err != nil {
		return nil, fmt.Errorf("append replay ledger: %w", err)
	}
	f, err := os.OpenFile(l.path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("append replay ledger: %w", err)
	}
	defer f.Close()
	if _, err := f.WriteAt(buf.Bytes(), size); err != nil {
		return nil, fmt.Errorf("append replay ledger: %w", err)
	}
	if err := f.Truncate(size + int64(buf.Len())); err != nil {
		return nil, fmt.Errorf("append replay ledger: %w", err)
	}
	if err := f.Sync(); err != nil {
		return nil, fmt.Errorf("append replay ledger: %w", err)
	}
	return old, f.Close()
}

// replayLeftovers is what the replays of pipelineID's quarantines wrote,
// for a start over to delete with the pipeline's own state: each ledger
// directory (_replay/<quarantine>: its ledger and the replay's
// checkpoints) and the replay's queries, whose files in the valid
// branch's sinks go too. Left behind, a replayed row would stay in a sink
// the next run fills again, and its ledger entry would keep it from being
// replayed when the fresh run quarantines it again.
func replayLeftovers(m *planner.Model, pipelineID string) []localengine.Leftover {
	pp, ok := m.Pipeline(pipelineID)
	if !ok {
		return nil
	}
	quarantines := quarantinesOf(pp)
	var out []localengine.Leftover
	for _, asset := range slices.Sorted(maps.Keys(quarantines)) {
		led, err := openLedger(pp, asset)
		if err != nil {
			continue // no ledger can exist
		}
		if _, err := os.Lstat(led.dir); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		l := localengine.Leftover{Dir: led.dir}
		if rm, err := replayModel(m, pp, quarantines[asset], led.dir); err == nil {
			rp, _ := rm.Pipeline(pipelineID)
			l.Queries = rp.Queries
		}
		out = append(out, l)
	}
	return out
}

// quarantinesOf is the quarantines of pp a replay can read, by asset,
// each with the source whose invalid branch it holds.
func quarantinesOf(pp *planner.PipelinePlan) map[string]*planner.Source {
	out := map[string]*planner.Source{}
	for i := range pp.Queries {
		if src, err := quarantineSource(pp, &pp.Queries[i], ""); err == nil {
			out[pp.Queries[i].Sink.Asset] = src
		}
	}
	for i := range pp.Sources {
		if sq := pp.Sources[i].Quarantine; sq != nil {
			out[sq.Asset] = &pp.Sources[i]
		}
	}
	return out
}
