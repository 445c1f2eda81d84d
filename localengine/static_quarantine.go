package localengine

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"unicode/utf8"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/planner"
)

// staticQuarantine writes the rows of a static table that break its
// contract to the quarantine the profile names (planner.StaticQuarantine),
// each distinct row once: the table is read and validated at every
// micro-batch, and a rejected row whose keys (contracts.StaticQuarantineKeys)
// the quarantine already holds is not written again, as the Spark program's
// MERGE ... WHEN NOT MATCHED THEN INSERT does. Only the owner query of the
// quarantine writes it.
type staticQuarantine struct {
	asset  string // the static table
	topic  string // the source_topic of its rejections: the table's identity
	sink   Sink
	schema *Schema // contracts.RejectionContract
	// held are the keys the quarantine holds; nil until read from it.
	held map[string]bool
}

// heldRows is a sink that can list the rows it holds, as JSON objects: what
// a static quarantine matches new rejections against.
type heldRows interface {
	heldRows() ([]map[string]any, error)
}

// openStaticQuarantines opens the quarantines query pq writes: those of the
// static tables it reads whose owner it is.
func (q *Query) openStaticQuarantines(ctx context.Context, pq *planner.Query, env *Env) error {
	for asset, s := range q.c.extracts {
		sq := s.Quarantine
		if !s.Static || sq == nil || sq.Owner != pq.Name {
			continue
		}
		if sq.Binding == nil {
			return fmt.Errorf("open query %s: the quarantine %s of static table %s is not bound", pq.Name, sq.Asset, asset)
		}
		target := sq.Write()
		sink, err := bindSink(target, sinkArgs{ctx: ctx, q: target, id: q.ID, env: env})
		if err != nil {
			return fmt.Errorf("open query %s: quarantine of static table %s: %w", pq.Name, asset, err)
		}
		if q.quarantines == nil {
			q.quarantines = map[string]*staticQuarantine{}
		}
		q.quarantines[asset] = &staticQuarantine{asset: asset, topic: q.sources[asset].Identity(), sink: sink,
			schema: SchemaOf(contracts.RejectionContract())}
	}
	return nil
}

// write adds the rejections of batch id (rows of the static source's
// rejection schema, its first columns the standard ones) that the
// quarantine does not hold yet.
func (sq *staticQuarantine) write(cp string, id int64, rejected []Row) error {
	if err := sq.load(); err != nil {
		return fmt.Errorf("quarantine of static table %s: %w", sq.asset, err)
	}
	n := len(sq.schema.Cols)
	topic := sq.schema.Index("source_topic")
	var rows []Row
	keys := map[string]bool{}
	for _, r := range rejected {
		row := slices.Clone(r[:n])
		row[topic] = sq.topic
		k := sq.key(sq.schema.Map(row))
		if sq.held[k] || keys[k] {
			continue
		}
		keys[k] = true
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil
	}
	if _, err := sq.sink.Write(cp, id, sq.schema, rows); err != nil {
		return fmt.Errorf("quarantine of static table %s: %w", sq.asset, err)
	}
	for k := range keys {
		sq.held[k] = true
	}
	return nil
}

// load reads the keys the quarantine holds, once.
func (sq *staticQuarantine) load() error {
	if sq.held != nil {
		return nil
	}
	h, ok := sq.sink.(heldRows)
	if !ok {
		return fmt.Errorf("sink %T cannot list its rows", sq.sink)
	}
	rows, err := h.heldRows()
	if err != nil {
		return err
	}
	sq.held = map[string]bool{}
	for _, r := range rows {
		sq.held[sq.key(r)] = true
	}
	return nil
}

// key is a row's contracts.StaticQuarantineKeys, as one string. A string
// that is not valid UTF-8 is taken as a JSON round trip gives it back (a
// file sink holds it so), so a held row matches its rejection.
func (sq *staticQuarantine) key(m map[string]any) string {
	vals := make([]any, len(contracts.StaticQuarantineKeys))
	for i, k := range contracts.StaticQuarantineKeys {
		vals[i] = m[k]
		if s, ok := vals[i].(string); ok && !utf8.ValidString(s) {
			b, _ := json.Marshal(s)
			_ = json.Unmarshal(b, &s)
			vals[i] = s
		}
	}
	b, _ := json.Marshal(vals) // strings and nulls
	return string(b)
}

// heldRows lists the table's rows.
func (t *MemoryTable) heldRows() ([]map[string]any, error) {
	s, rows := t.Rows()
	out := make([]map[string]any, len(rows))
	for i, r := range rows {
		out[i] = s.Map(r)
	}
	return out, nil
}

// heldRows lists the table's rows.
func (d *DeltaSink) heldRows() ([]map[string]any, error) { return decodeObjects(d.Table.Rows()) }

// heldRows lists the rows of the directory's committed files (every
// checkpoint's, CommittedFiles).
func (f *FileSink) heldRows() ([]map[string]any, error) {
	files, err := CommittedFiles(f.Dir)
	if err != nil {
		return nil, err
	}
	var raws []json.RawMessage
	for _, path := range files {
		fh, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, MaxLineBytes)
		for sc.Scan() {
			raws = append(raws, json.RawMessage(slices.Clone(sc.Bytes())))
		}
		err = sc.Err()
		fh.Close()
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
	}
	return decodeObjects(raws)
}

// decodeObjects decodes JSON objects.
func decodeObjects(raws []json.RawMessage) ([]map[string]any, error) {
	out := make([]map[string]any, 0, len(raws))
	for _, r := range raws {
		var m map[string]any
		if err := json.Unmarshal(r, &m); err != nil {
			return nil, fmt.Errorf("decode a held row: %w", err)
		}
		out = append(out, m)
	}
	return out, nil
}
