package run

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
)

// SinkRows are the rows a sink holds, for `etlgen show` and the summary
// after a run: every row committed there by any run, not only the last.
type SinkRows struct {
	Pipeline string `json:"pipeline"`
	Query    string `json:"query"`
	// Asset is the profile asset the load is bound to, Plugin its plugin.
	Asset  string `json:"asset"`
	Plugin string `json:"plugin"`
	// Where is the directory, path or table the rows are in.
	Where string `json:"where"`
	// Columns are the sink's columns in contract order.
	Columns []string `json:"columns"`
	// Rows are the first rows (up to the limit asked for), each a JSON
	// object as the sink holds it.
	Rows []json.RawMessage `json:"rows"`
	// Total counts every row the sink holds.
	Total int64 `json:"total"`
	// Replayed says, for each of Rows of a quarantine that `etlgen replay
	// --yes` fed from, whether its replay ledger holds the row; nil for
	// other sinks (docs/replay.md).
	Replayed []bool `json:"replayed,omitempty"`
}

// ErrUnknownSink is returned by ReadSink for a name no query's sink has.
var ErrUnknownSink = errors.New("no such sink")

// SinkQueries returns the query of every sink of m, in plan order.
func SinkQueries(m *planner.Model) []*planner.Query {
	var out []*planner.Query
	for i := range m.Pipelines {
		for j := range m.Pipelines[i].Queries {
			out = append(out, &m.Pipelines[i].Queries[j])
		}
	}
	return out
}

// findSink returns the pipeline and query whose sink asset (or query
// name) is name; a static table's quarantine and a quarantine gate's output
// are found by their asset, as the query of their write
// (planner.StaticQuarantine.Write, planner.GateQuarantine.Write).
func findSink(m *planner.Model, name string) (*planner.PipelinePlan, *planner.Query, error) {
	var names []string
	for i := range m.Pipelines {
		pp := &m.Pipelines[i]
		for j := range pp.Queries {
			q := &pp.Queries[j]
			if q.Sink.Asset == name || q.Name == name {
				return pp, q, nil
			}
			names = append(names, q.Sink.Asset)
		}
		for _, s := range pp.Sources {
			if sq := s.Quarantine; sq != nil {
				if sq.Asset == name {
					return pp, sq.Write(), nil
				}
				names = append(names, sq.Asset)
			}
		}
		for _, g := range pp.Gates {
			if gq := g.Quarantine; gq != nil {
				if gq.Asset == name {
					return pp, gq.Write(), nil
				}
				names = append(names, gq.Asset)
			}
		}
	}
	slices.Sort(names)
	return nil, nil, fmt.Errorf("%w %q: the sinks are %s", ErrUnknownSink, name, strings.Join(slices.Compact(names), ", "))
}

// ReadSink reads the first limit rows (and counts all) of the sink named
// name: a load's asset or its query. The local engine's file-json sinks
// are read from their committed files (what a reader of the directory
// sees, as Spark's file sink log decides); a Spark profile's Delta sinks
// through Spark Connect.
func ReadSink(ctx context.Context, m *planner.Model, name string, limit int) (*SinkRows, error) {
	pp, q, err := findSink(m, name)
	if err != nil {
		return nil, err
	}
	r := &SinkRows{Pipeline: pp.ID, Query: q.Name, Asset: q.Sink.Asset, Plugin: string(q.Sink.Plugin), Where: q.Sink.Identity}
	for _, c := range q.Output {
		r.Columns = append(r.Columns, c.Name)
	}
	p := sinkPlugin(q)
	switch {
	case p.Store == profile.StoreFiles:
		err = readFileSink(m, pp, q, r, limit)
	case p.InMemory(m.Engine):
		err = fmt.Errorf("the %s engine keeps a %s sink in memory for the run only; bind %s to file-json in the %s profile to keep its rows", m.Engine, p.Name, q.Sink.Asset, m.Engine)
	case p.Store == profile.StoreTable && m.OnSpark:
		err = readSparkTable(ctx, m, q, r, limit)
	default:
		err = fmt.Errorf("reading a %s sink is not supported", q.Sink.Plugin)
	}
	if err == nil {
		err = markReplayed(ctx, m, pp, q, r)
	}
	if err != nil {
		return nil, fmt.Errorf("read sink %s: %w", q.Sink.Asset, err)
	}
	return r, nil
}

// sinkPlugin is the plugin spec of a query's sink; an empty one when the
// sink is unbound.
func sinkPlugin(q *planner.Query) *profile.Plugin {
	if b := q.Sink.Binding; b != nil && b.Plugin() != nil {
		return b.Plugin()
	}
	return &profile.Plugin{}
}

// readFileSink reads a file-json sink's committed files in order, after
// checking that the sink logged every batch the local engine's checkpoint
// of the query (its host's, for a hosted load) committed. A quarantine
// written now and then under another query's checkpoint (a static
// table's, a gate's) logs only the batches that wrote to it. Once it has
// the first limit rows, a file whose bytes still have the SHA-256 its log
// recorded counts the rows the log recorded, unread (the run summary read
// every row the sink holds again: about 1 % of a local run's CPU on the
// example, the SHA-256 check aside).
func readFileSink(m *planner.Model, pp *planner.PipelinePlan, q *planner.Query, r *SinkRows, limit int) error {
	everyBatch := slices.ContainsFunc(pp.Queries, func(x planner.Query) bool { return x.Name == q.Name && x.Sink.Asset == q.Sink.Asset })
	if m.InProcess && everyBatch {
		if err := localengine.VerifySinkLog(r.Where, q.Checkpoint); err != nil {
			return err
		}
	}
	parts, err := localengine.CommittedParts(r.Where)
	if err != nil {
		return err
	}
	for _, p := range parts {
		if p.Sealed && len(r.Rows) >= limit {
			r.Total += int64(p.Rows)
			continue
		}
		if err := readJSONLines(p.Path, r, limit); err != nil {
			return err
		}
	}
	return nil
}

// readJSONLines counts the rows of one JSON-lines file and keeps the first
// ones up to limit.
func readJSONLines(path string, r *SinkRows, limit int) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		r.Total++
		if len(r.Rows) < limit {
			if !json.Valid(line) {
				return fmt.Errorf("%s: row %d is not JSON", path, r.Total)
			}
			r.Rows = append(r.Rows, json.RawMessage(bytes.Clone(line)))
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
