package localengine

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"runtime"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/etlgen/etlgen/contracts"
)

// sourceBatch is what one source contributed to a batch: the rows that
// satisfy the contract and the rejected ones (rejectSchema), a true
// partition of the payloads read.
type sourceBatch struct {
	read    int
	valid   []Row
	invalid []Row
	// warnings are what reading the input noticed (a file that changed
	// or vanished after it was listed).
	warnings []Warning
	// scan, when set, streams the batch instead (source_scan.go): valid
	// and invalid stay empty, and read, rejected, warnings and err are
	// known once scanned.
	scan     scanFunc
	scanned  bool
	rejected int
	err      error
	// unpack, when set, gives the valid rows of a packed chunk
	// (input_packed.go), unpacked only for a reader of the valid port.
	unpack func() []Row
	// unpackWhere, set with unpack, appends to out the valid rows of the
	// chunk that keep holds for, keep deciding on the columns need marks
	// (filter_packed.go).
	unpackWhere func(need []bool, keep func(Row) bool, out []Row) []Row
	// uncarried counts rejected rows of a chunk that are not in invalid
	// (a packed batch that did not keep them: no reader of the chunk
	// reads the invalid port).
	uncarried int
}

// add appends the rows of part, a later chunk of the same input.
func (sb *sourceBatch) add(part *sourceBatch) {
	sb.read += part.read
	sb.valid = append(sb.valid, part.valid...)
	sb.invalid = append(sb.invalid, part.invalid...)
}

// rejectCols are the columns of a rejected payload
// (contracts.RejectionContract); the sink maps them by name onto the loaded
// contract (RejectedOrderEvent and the like).
var rejectCols = func() []Column {
	var out []Column
	for _, f := range contracts.RejectionContract().Fields {
		out = append(out, Column{Name: f.Name, Type: f.Type})
	}
	return out
}()

// validator splits payloads into valid rows and rejections with
// contracts.RecordValidator: the same checks and reason codes as Go
// validation (docs/validation.md). Rejections are stamped with the batch
// timestamp, so a re-run batch produces the same rows.
type validator struct {
	rv       *contracts.RecordValidator
	c        *contracts.Contract
	pipeline string
	now      time.Time
	invalid  *Schema
	extra    []contracts.Field // source fields copied into rejections when readable
	box      *boxer            // converts the values of valid payloads (box.go)
}

func newValidator(c *contracts.Contract, pipeline string) (*validator, error) {
	v := &validator{c: c, pipeline: pipeline}
	rv, err := contracts.NewRecordValidator(c, contracts.WithClock(func() time.Time { return v.now }))
	if err != nil {
		return nil, err
	}
	v.rv = rv
	v.invalid, v.extra = rejectSchema(c)
	v.box = newBoxer(c)
	return v, nil
}

// rejectSchema is the schema of the rejected rows of contract c: the
// rejection columns, then the string and integer fields of c that are read
// from the payload when it is a readable JSON object (e.g. event_id).
func rejectSchema(c *contracts.Contract) (*Schema, []contracts.Field) {
	cols := append([]Column(nil), rejectCols...)
	taken := map[string]bool{}
	for _, col := range rejectCols {
		taken[col.Name] = true
	}
	var extra []contracts.Field
	for _, f := range c.Fields {
		switch f.Type.Kind {
		case contracts.KindString, contracts.KindInt32, contracts.KindInt64:
			if !taken[f.Name] {
				extra = append(extra, f)
				cols = append(cols, Column{Name: f.Name, Type: f.Type})
			}
		}
	}
	return NewSchema(cols), extra
}

// split validates the payloads of one source for a batch. Large batches
// are validated in parallel chunks (as Spark validates partitions in
// parallel); the rows keep the payloads' order.
func (v *validator) split(ps []Payload, ts time.Time) *sourceBatch {
	v.now = ts
	chunks := runtime.GOMAXPROCS(0)
	if len(ps) < 4096 || chunks < 2 {
		return v.splitChunk(ps)
	}
	parts := make([]*sourceBatch, chunks)
	size := (len(ps) + chunks - 1) / chunks
	var wg sync.WaitGroup
	for i := range parts {
		lo, hi := min(i*size, len(ps)), min((i+1)*size, len(ps))
		wg.Add(1)
		go func() {
			defer wg.Done()
			parts[i] = v.splitChunk(ps[lo:hi])
		}()
	}
	wg.Wait()
	sb := &sourceBatch{read: len(ps), valid: make([]Row, 0, len(ps))}
	for _, p := range parts {
		sb.valid = append(sb.valid, p.valid...)
		sb.invalid = append(sb.invalid, p.invalid...)
	}
	return sb
}

// splitChunk validates payloads sequentially; the rows of a chunk share
// one backing array, and their values one slab per type (box_slab.go).
func (v *validator) splitChunk(ps []Payload) *sourceBatch {
	n := len(v.c.Fields)
	sb := &sourceBatch{read: len(ps), valid: make([]Row, 0, len(ps))}
	cells := make([]any, len(ps)*n)
	ck := v.rv.Checker() // its values are converted before the next payload
	defer ck.Release()
	bx := newBoxes(len(ps))
	for _, p := range ps {
		vals, rej := ck.Check(p.Raw)
		if rej != nil {
			sb.invalid = append(sb.invalid, v.rejectRow(p, rej))
			continue
		}
		row := Row(cells[:n:n])
		cells = cells[n:]
		for i := range row {
			row[i] = v.box.value(i, vals[i], bx)
		}
		sb.valid = append(sb.valid, row)
	}
	return sb
}

// rejectRow builds the quarantine row of a rejected payload.
func (v *validator) rejectRow(p Payload, rej *contracts.Rejection) Row {
	// The field path is empty, not NULL, for payload-level reasons (as the
	// Spark engine writes it; docs/validation.md).
	row := Row{string(rej.RawPayload), string(rej.ReasonCode), rej.Reason, rej.FieldPath, rej.ObservedAt.UTC(),
		v.pipeline, v.c.ID, nil, nil, nil, rawBase64(rej.RawPayload), v.c.Version, nullIfEmpty(rej.Rule)}
	var members map[string]any
	if readable(rej.ReasonCode) {
		members = readableMembers(p.Raw)
	}
	for _, f := range v.extra {
		row = append(row, memberValue(members[f.Name], f.Type.Kind))
	}
	return row
}

// nullIfEmpty is s, or NULL when it is empty.
func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// rawBase64 is the raw_payload_base64 of a rejected payload: the bytes in
// standard base64 when they are not valid UTF-8 (a string column cannot
// carry them through every reader and writer), NULL otherwise. The Spark
// engine writes the same (pyspark, view_source.go).
func rawBase64(raw []byte) any {
	if utf8.Valid(raw) {
		return nil
	}
	return base64.StdEncoding.EncodeToString(raw)
}

// readable reports whether a payload rejected with code passed the
// payload-level checks (size, UTF-8, one JSON value without duplicate
// members or lone surrogates), which come first: only then does the Spark
// engine read its members (from the strict parse, _etl_json, NULL
// otherwise), so only then does a rejection carry them. encoding/json alone
// would read the last of duplicate members, an object before trailing
// text, or a lone surrogate as U+FFFD.
func readable(code contracts.ReasonCode) bool {
	switch code {
	case contracts.ReasonPayloadTooLarge, contracts.ReasonInvalidUTF8, contracts.ReasonMalformedJSON, contracts.ReasonNotAnObject:
		return false
	}
	return true
}

// readableMembers decodes the top-level members of a payload that is a JSON
// object, nil otherwise (the payload of a rejection that is readable).
func readableMembers(raw []byte) map[string]any {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var m map[string]any
	if dec.Decode(&m) != nil {
		return nil
	}
	return m
}

// memberValue converts a decoded JSON member to a value of kind k, or nil.
func memberValue(v any, k contracts.Kind) any {
	switch x := v.(type) {
	case string:
		if k == contracts.KindString {
			return x
		}
	case json.Number:
		n, err := x.Int64()
		if err != nil {
			return nil
		}
		if k == contracts.KindInt64 {
			return n
		}
		if k == contracts.KindInt32 && n == int64(int32(n)) {
			return int32(n)
		}
	}
	return nil
}
