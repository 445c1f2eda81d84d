package localengine

import (
	"encoding/binary"
	"math"
	"math/big"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

// A streamed batch (source_scan.go) is never held as rows; when other
// queries of the engine read the same source, the first query to scan a
// batch keeps its valid rows packed (a few bytes per value, no pointers:
// about a third of the input's bytes for the example's events) with its
// rejected rows, counts and warnings, and the others stream the batch by
// unpacking it chunk by chunk instead of reading and validating the input
// again. Unpacking gives the values validation gave (packValue,
// unpackValue); a batch with a value that does not pack (a struct or an
// array) is not kept, and each query validates it.

// packedBatch is a validated batch, packed.
type packedBatch struct {
	read       int
	packedRows            // the valid rows, at most scanChunkLines a chunk
	rejected   packedRows // the rejected rows, as validation gave them
	warnings   []Warning
	ts         time.Time // the batch timestamp it was validated with
	// unkept are the ports (ir.PortValid, ir.PortInvalid) it does not
	// keep, as no other query reads them; the rejected rows are counted
	// all the same (nRejected).
	unkept    map[string]bool
	nRejected int
}

// Value tags of packed values.
const (
	packNil byte = iota
	packString
	packInt64
	packInt32
	packBool
	packFloat
	packDecimal
	packBigDecimal
	packTime
	packDate
	// packSame is the value of the row before in the chunk (a string or a
	// time repeated, as a rejected row's reason, pipeline and contract
	// are): its rows unpack sharing the value, not copies of it.
	packSame
)

// packing returns sb, a streamed batch of source a, whose scan also packs
// what it validates and caches it under key once the scan succeeded.
func (q *Query) packing(sb *sourceBatch, a, key string, ts time.Time) *sourceBatch {
	scan := sb.scan
	sb.scan = func(fn func(*sourceBatch)) ([]Warning, error) {
		pb, ok := &packedBatch{ts: ts, unkept: q.inputs.unread(a, q.ports(a))}, true
		ws, err := scan(func(part *sourceBatch) {
			ok = ok && pb.add(part)
			fn(part)
		})
		if err == nil && ok {
			pb.warnings = ws
			q.inputs.putPacked(a, key, pb)
		}
		return ws, err
	}
	return sb
}

// add packs the rows of a validated chunk, the valid and the rejected
// ones (of the ports it keeps); false when a value does not pack.
func (pb *packedBatch) add(part *sourceBatch) bool {
	pb.read += part.read
	pb.nRejected += len(part.invalid)
	return (pb.unkept[ir.PortValid] || pb.packedRows.add(part.valid)) &&
		(pb.unkept[ir.PortInvalid] || pb.rejected.add(part.invalid))
}

// keeps says whether the packed batch has every port of ports.
func (pb *packedBatch) keeps(ports map[string]bool) bool {
	for p := range ports {
		if pb.unkept[p] {
			return false
		}
	}
	return true
}

// packedRows are rows of one width, packed in chunks.
type packedRows struct {
	chunks [][]byte
	rows   []int // rows per chunk
	width  int   // set by the first rows added
	perRow int   // bytes per row of the last chunk, plus one
}

// add packs rows as one chunk; false when a value does not pack or a row
// is not of the width of the others.
func (pr *packedRows) add(rows []Row) bool {
	if len(rows) == 0 {
		return true
	}
	if len(pr.chunks) == 0 {
		pr.width = len(rows[0])
	}
	// sized as the last chunk per row, so that it rarely grows
	buf := make([]byte, 0, len(rows)*(pr.perRow+1))
	for i, r := range rows {
		if len(r) != pr.width {
			return false
		}
		for j, v := range r {
			if i > 0 && sameValue(v, rows[i-1][j]) {
				buf = append(buf, packSame)
				continue
			}
			var ok bool
			if buf, ok = packValue(buf, v); !ok {
				return false
			}
		}
	}
	pr.chunks, pr.rows = append(pr.chunks, buf), append(pr.rows, len(rows))
	pr.perRow = len(buf)/len(rows) + 1
	return true
}

// unpack unpacks chunk i.
func (pr *packedRows) unpack(i int) []Row { return unpackRows(pr.chunks[i], pr.rows[i], pr.width) }

// batch is the packed batch as a streamed batch of batch timestamp ts: the
// valid rows chunk by chunk, then the rejected ones, stamped with ts
// (inputCache's at), unpacked a chunk at a time too.
func (pb *packedBatch) batch(ts time.Time) *sourceBatch {
	return &sourceBatch{scan: func(fn func(*sourceBatch)) ([]Warning, error) {
		ahead := &unpacker{pr: &pb.packedRows}
		for i, n := range pb.rows {
			fn(&sourceBatch{read: n, unpack: func() []Row { return ahead.unpack(i) },
				unpackWhere: func(need []bool, keep func(Row) bool, out []Row) []Row {
					return unpackRowsWhere(pb.chunks[i], n, pb.width, need, keep, out)
				}})
		}
		rest := pb.read - sum(pb.rows)
		for i := range pb.rejected.chunks {
			rows := pb.rejected.unpack(i)
			if !ts.Equal(pb.ts) && pb.rejected.width > observedAtCol {
				for _, r := range rows {
					r[observedAtCol] = ts.UTC()
				}
			}
			fn(&sourceBatch{read: rest, invalid: rows})
			rest = 0
		}
		if rest > 0 || len(pb.rejected.chunks) == 0 {
			fn(&sourceBatch{read: rest, uncarried: pb.nRejected - sum(pb.rejected.rows)})
		}
		return pb.warnings, nil
	}}
}

// unpacker unpacks the chunks of packed rows for a reader that reads
// them in order: once the reader asked for chunk i, the next one is
// unpacked in a goroutine of its own while the reader works on chunk i,
// so that a query reading a packed batch uses a second core. Unpacking
// only reads the packed bytes: the rows are those of pr.unpack.
type unpacker struct {
	pr   *packedRows
	next int        // the chunk being unpacked ahead
	rows chan []Row // its rows, nil when none is
}

// unpack is the rows of chunk i.
func (u *unpacker) unpack(i int) []Row {
	var rows []Row
	if u.rows != nil && u.next == i {
		rows = <-u.rows
	} else {
		rows = u.pr.unpack(i)
	}
	u.rows = nil
	if i+1 < len(u.pr.chunks) {
		ch := make(chan []Row, 1)
		go func() { ch <- u.pr.unpack(i + 1) }()
		u.next, u.rows = i+1, ch
	}
	return rows
}

func sum(ns []int) int {
	t := 0
	for _, n := range ns {
		t += n
	}
	return t
}

// unpackRows unpacks n rows of width values; they share one backing
// array, and their values one slab per type.
func unpackRows(buf []byte, n, width int) []Row {
	out := make([]Row, n)
	cells := make([]any, n*width)
	bx := newBoxes(n)
	for i := range out {
		r := Row(cells[:width:width])
		cells = cells[width:]
		for j := range r {
			if buf[0] == packSame {
				r[j], buf = out[i-1][j], buf[1:]
				continue
			}
			r[j], buf = unpackValue(buf, bx)
		}
		out[i] = r
	}
	return out
}

// sameValue says whether v is a string or a UTC time equal to prev's, one
// that unpacks as prev does.
func sameValue(v, prev any) bool {
	switch x := v.(type) {
	case string:
		y, ok := prev.(string)
		return ok && x == y
	case time.Time:
		y, ok := prev.(time.Time)
		return ok && x.Location() == time.UTC && y.Location() == time.UTC && x.Equal(y)
	}
	return false
}

// packValue appends v packed; false when v is of a kind that does not
// pack.
func packValue(b []byte, v any) ([]byte, bool) {
	switch x := v.(type) {
	case nil:
		return append(b, packNil), true
	case string:
		b = binary.AppendUvarint(append(b, packString), uint64(len(x)))
		return append(b, x...), true
	case int64:
		return binary.AppendVarint(append(b, packInt64), x), true
	case int32:
		return binary.AppendVarint(append(b, packInt32), int64(x)), true
	case bool:
		if x {
			return append(b, packBool, 1), true
		}
		return append(b, packBool, 0), true
	case float64:
		return binary.LittleEndian.AppendUint64(append(b, packFloat), math.Float64bits(x)), true
	case decimal.Decimal:
		return packDec(b, x), true
	case time.Time:
		if x.Location() != time.UTC {
			return b, false
		}
		b = binary.AppendVarint(append(b, packTime), x.Unix())
		return binary.AppendUvarint(b, uint64(x.Nanosecond())), true
	case contracts.Date:
		b = binary.AppendVarint(append(b, packDate), int64(x.Year))
		return append(b, byte(x.Month), byte(x.Day)), true
	}
	return b, false
}

// packDec packs a decimal: its coefficient as a varint when it fits in an
// int64 (validation gives decimal.New(n, exp) then), else its bytes.
func packDec(b []byte, d decimal.Decimal) []byte {
	if d.NumDigits() <= 18 { // no copy of the coefficient
		b = binary.AppendVarint(append(b, packDecimal), int64(d.Exponent()))
		return binary.AppendVarint(b, d.CoefficientInt64())
	}
	c := d.Coefficient()
	b = binary.AppendVarint(append(b, packBigDecimal), int64(d.Exponent()))
	if c.Sign() < 0 {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	abs := c.Abs(c).Bytes()
	b = binary.AppendUvarint(b, uint64(len(abs)))
	return append(b, abs...)
}

// unpackValue is the value packValue packed at the start of b, and the
// rest of b; bx boxes it.
func unpackValue(b []byte, bx *boxes) (any, []byte) {
	tag, b := b[0], b[1:]
	switch tag {
	case packString:
		n, k := binary.Uvarint(b)
		return bx.boxString(string(b[k : k+int(n)])), b[k+int(n):]
	case packInt64:
		n, k := binary.Varint(b)
		return bx.boxInt(n), b[k:]
	case packInt32:
		n, k := binary.Varint(b)
		return int32(n), b[k:]
	case packBool:
		return b[0] == 1, b[1:]
	case packFloat:
		return math.Float64frombits(binary.LittleEndian.Uint64(b)), b[8:]
	case packDecimal:
		exp, k := binary.Varint(b)
		n, k2 := binary.Varint(b[k:])
		return bx.boxDecimal(bx.newDecimal(n, int32(exp))), b[k+k2:]
	case packBigDecimal:
		return unpackBigDec(b)
	case packTime:
		sec, k := binary.Varint(b)
		ns, k2 := binary.Uvarint(b[k:])
		return bx.boxTime(time.Unix(sec, int64(ns)).UTC()), b[k+k2:]
	case packDate:
		y, k := binary.Varint(b)
		return contracts.Date{Year: int(y), Month: time.Month(b[k]), Day: int(b[k+1])}, b[k+2:]
	}
	return nil, b
}

func unpackBigDec(b []byte) (any, []byte) {
	exp, k := binary.Varint(b)
	neg := b[k] == 1
	n, k2 := binary.Uvarint(b[k+1:])
	at := k + 1 + k2
	c := new(big.Int).SetBytes(b[at : at+int(n)])
	if neg {
		c.Neg(c)
	}
	return decimal.NewFromBigInt(c, int32(exp)), b[at+int(n):]
}
