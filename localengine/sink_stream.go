package localengine

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// A query whose rows all go to one sink that can stream (the file sink),
// with no hosted load and no quality gate that needs the batch's rows
// before they are written (a quarantine gate, a gate per window), writes a
// batch while its operators produce it (runBatch): each chunk of rows is
// encoded into the batch's part file as it comes, so the batch's output
// is never held in memory; the batch gates count the rows (and the NULLs
// a null-ratio gate measures) as they pass. The part file is written
// under a temporary name and put in place and logged only once the batch
// succeeded, so a batch that fails (an operator, an expectation, a scan,
// a gate with action fail) or is abandoned leaves what a write after the
// whole batch left: nothing. The file and its log line are those Write
// gives for the same rows.

// batchWriter writes the rows of one batch as they come.
type batchWriter interface {
	// add writes rows; the first error is kept for commit, and the adds
	// after it write nothing.
	add(rows []Row)
	// commit puts the batch in place (its file and its log line); after
	// an add failed, it discards the batch and returns the error.
	commit() error
	// discard drops what the adds wrote; the batch is not written.
	discard()
}

// streamSink is a sink that can write a batch while it is produced.
type streamSink interface {
	Sink
	// begin starts writing batch id; skipped when the sink wrote the
	// batch before (w is nil then: the rows go nowhere).
	begin(id int64, s *Schema) (w batchWriter, skipped bool, err error)
}

// outputStream is the streamed write of one batch of a query: rows counts
// what the operators produced, written or not (a skipped batch).
type outputStream struct {
	sink    streamSink
	id      int64
	schema  *Schema
	begun   bool
	w       batchWriter
	skipped bool
	err     error
	rows    int
	// nullCols are, by gate, the column a null-ratio gate measures (-1:
	// none, every row is NULL; notNullRatio: another metric), and nulls
	// the rows NULL in it so far.
	nullCols, nulls []int
}

// notNullRatio marks a gate that counts no NULLs in outputStream.nullCols.
const notNullRatio = -2

// streamOutput returns the streamed write of batch id when the query can
// write it so (its sink streams; no gate and no hosted load needs the
// batch's rows first), else nil.
func (q *Query) streamOutput(c *compiled, id int64) *outputStream {
	s, ok := q.sink.(streamSink)
	if !ok || len(q.hosted) > 0 {
		return nil
	}
	o := &outputStream{sink: s, id: id, schema: c.root.schema(), nulls: make([]int, len(q.gates))}
	for i := range q.gates {
		g := &q.gates[i]
		if g.Action == ir.GateQuarantine || g.IR.Windowed() {
			return nil
		}
		if g.Metric == ir.GateNullRatio {
			o.nullCols = append(o.nullCols, q.gateColumn(g))
		} else {
			o.nullCols = append(o.nullCols, notNullRatio)
		}
	}
	return o
}

// gates are the verdicts of the query's gates over the streamed batch b.
func (q *Query) streamedGates(b *batch, o *outputStream) ([]GateResult, error) {
	return q.judge(b, func(i int, g *planner.Gate) (GateResult, error) {
		return q.batchVerdict(g, b, o.rows, o.nulls[i])
	})
}

// start begins the sink's batch once, at the first rows or at the end (so
// a sink error comes after the operators' own, as with a write after the
// batch).
func (o *outputStream) start() {
	if o.begun {
		return
	}
	o.begun = true
	o.w, o.skipped, o.err = o.sink.begin(o.id, o.schema)
}

// add counts the rows and writes them unless the sink skips the batch.
func (o *outputStream) add(rows []Row) {
	o.rows += len(rows)
	for i, c := range o.nullCols {
		if c != notNullRatio {
			o.nulls[i] += countNulls(rows, c)
		}
	}
	if o.start(); o.w != nil {
		o.w.add(rows)
	}
}

// commit puts the batch in place: the rows, or the sink's error.
func (o *outputStream) commit() (written, error) {
	o.start()
	w := written{skipped: o.skipped}
	if o.err != nil {
		return w, o.err
	}
	if o.w == nil {
		return w, nil
	}
	return w, o.w.commit()
}

// discard drops the batch written so far (nil: nothing to drop).
func (o *outputStream) discard() {
	if o != nil && o.w != nil {
		o.w.discard()
	}
}

// begin starts batch id of the file sink: its part file is created at the
// first row, under a temporary name.
func (f *FileSink) begin(id int64, s *Schema) (batchWriter, bool, error) {
	if err := f.load(); err != nil {
		return nil, false, err
	}
	if f.logged && id <= f.last {
		return nil, true, nil
	}
	name := partName(id, f.ID)
	return &partWriter{f: f, id: id, schema: s, keys: rowKeys(s), name: name, path: filepath.Join(f.Dir, name)}, false, nil
}

// partWriter writes one batch's part file of a FileSink, a row a line,
// hashing what it writes (the log records its size, rows and SHA-256).
type partWriter struct {
	f          *FileSink
	id         int64
	schema     *Schema
	keys       []string // rowKeys of schema
	name, path string
	file       *os.File
	hw         *hashingWriter
	bw         *bufio.Writer
	line       []byte // the row being encoded, reused
	size       int64
	rows       int
	err        error
}

// tmpPath is where the part file is written before it is put in place.
func (p *partWriter) tmpPath() string {
	return filepath.Join(filepath.Dir(p.path), "."+filepath.Base(p.path)+".tmp")
}

func (p *partWriter) add(rows []Row) {
	if p.err != nil || len(rows) == 0 {
		return
	}
	if p.file == nil {
		if p.err = p.create(); p.err != nil {
			return
		}
	}
	for _, r := range rows {
		p.line = append(appendRowKeys(p.line[:0], p.schema, p.keys, r), '\n')
		if _, err := p.bw.Write(p.line); err != nil {
			p.err = unwritable(p.path, err)
			return
		}
		p.size += int64(len(p.line))
	}
	p.rows += len(rows)
}

// create opens the temporary file.
func (p *partWriter) create() error {
	if err := os.MkdirAll(p.f.Dir, 0o755); err != nil {
		return unwritable(p.path, err)
	}
	file, err := os.Create(p.tmpPath())
	if err != nil {
		return unwritable(p.path, err)
	}
	p.file = file
	p.hw = &hashingWriter{w: file, h: sha256.New()}
	p.bw = bufio.NewWriterSize(p.hw, 1<<16)
	return nil
}

func (p *partWriter) commit() error {
	if p.err != nil {
		p.discard()
		return p.err
	}
	b := SinkBatch{BatchID: p.id, Files: []SinkFile{}}
	if p.file != nil {
		err := p.bw.Flush()
		if cerr := p.file.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(p.tmpPath(), p.path)
		}
		p.file = nil
		if err != nil {
			os.Remove(p.tmpPath())
			return unwritable(p.path, err)
		}
		b.Files = append(b.Files, SinkFile{Path: p.name, Size: p.size, Rows: p.rows, SHA256: hex.EncodeToString(p.hw.h.Sum(nil))})
	}
	return p.f.append(b)
}

func (p *partWriter) discard() {
	if p.file != nil {
		p.file.Close()
		os.Remove(p.tmpPath())
		p.file = nil
	}
}
