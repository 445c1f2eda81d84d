package localengine

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// State files are streams of records (keyedState), each value in a
// compact binary form read back exactly, types included (gob, which the
// format before deltas used, spends most of a snapshot's time on the
// reflection over interface values). A record's value is length-prefixed,
// so a snapshot merges from files by copying bytes, without decoding.
//
// A file is, per operator: its name, its records, an end record. A record
// is a flag byte (recordEnd, recordSet, recordDel), the key, and for
// recordSet the value's length and bytes.
const (
	recordEnd byte = iota
	recordSet
	recordDel
)

// The value tags of the binary form.
const (
	tagNil byte = iota
	tagString
	tagFalse
	tagTrue
	tagInt32
	tagInt64
	tagFloat64
	tagDecimal
	tagTime
	tagDate
	tagList
	tagStruct
)

// errCorrupt is a state file that ends early or holds what no writer
// wrote.
var errCorrupt = errors.New("corrupt state file")

// valueEncoder appends values to a buffer; tmp holds the binary form of
// a time while it is appended.
type valueEncoder struct{ b, tmp []byte }

func (e *valueEncoder) uvarint(u uint64) { e.b = binary.AppendUvarint(e.b, u) }
func (e *valueEncoder) varint(i int64)   { e.b = binary.AppendVarint(e.b, i) }
func (e *valueEncoder) str(s string)     { e.uvarint(uint64(len(s))); e.b = append(e.b, s...) }

func (e *valueEncoder) boolean(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}

// value appends v, one of the engine's values (values.go).
func (e *valueEncoder) value(v any) error {
	switch x := v.(type) {
	case nil:
		e.b = append(e.b, tagNil)
	case string:
		e.b = append(e.b, tagString)
		e.str(x)
	case bool:
		tag := tagFalse
		if x {
			tag = tagTrue
		}
		e.b = append(e.b, tag)
	case int32:
		e.b = append(e.b, tagInt32)
		e.varint(int64(x))
	case int64:
		e.b = append(e.b, tagInt64)
		e.varint(x)
	case float64:
		e.b = binary.LittleEndian.AppendUint64(append(e.b, tagFloat64), math.Float64bits(x))
	case decimal.Decimal:
		return e.binary(tagDecimal, x)
	case time.Time:
		return e.time(x)
	case contracts.Date:
		e.b = append(e.b, tagDate)
		e.varint(int64(x.Year))
		e.varint(int64(x.Month))
		e.varint(int64(x.Day))
	case []any:
		e.b = append(e.b, tagList)
		return e.values(x)
	case map[string]any:
		e.b = append(e.b, tagStruct)
		e.uvarint(uint64(len(x)))
		for _, k := range slices.Sorted(maps.Keys(x)) {
			e.str(k)
			if err := e.value(x[k]); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("encode state value: %T is not an engine value", v)
	}
	return nil
}

// binary appends a decimal or a time in its own exact binary form.
func (e *valueEncoder) binary(tag byte, v interface{ MarshalBinary() ([]byte, error) }) error {
	data, err := v.MarshalBinary()
	if err != nil {
		return fmt.Errorf("encode state value: %w", err)
	}
	e.b = append(e.b, tag)
	e.uvarint(uint64(len(data)))
	e.b = append(e.b, data...)
	return nil
}

// time appends t as binary does (MarshalBinary's bytes), without
// allocating them per value.
func (e *valueEncoder) time(t time.Time) error {
	data, err := t.AppendBinary(e.tmp[:0])
	if err != nil {
		return fmt.Errorf("encode state value: %w", err)
	}
	e.tmp = data
	e.b = append(e.b, tagTime)
	e.uvarint(uint64(len(data)))
	e.b = append(e.b, data...)
	return nil
}

// values appends a count and the values.
func (e *valueEncoder) values(vs []any) error {
	e.uvarint(uint64(len(vs)))
	for _, v := range vs {
		if err := e.value(v); err != nil {
			return err
		}
	}
	return nil
}

// valueDecoder reads what a valueEncoder wrote; the first problem sticks
// in err.
type valueDecoder struct {
	b   []byte
	err error
}

func (d *valueDecoder) fail() { d.err, d.b = errCorrupt, nil }

func (d *valueDecoder) uvarint() uint64 {
	u, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return u
}

func (d *valueDecoder) varint() int64 {
	i, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return i
}

func (d *valueDecoder) bytes() []byte {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.fail()
		return nil
	}
	out := d.b[:n]
	d.b = d.b[n:]
	return out
}

func (d *valueDecoder) str() string { return string(d.bytes()) }

func (d *valueDecoder) byte1() byte {
	if len(d.b) == 0 {
		d.fail()
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *valueDecoder) boolean() bool { return d.byte1() == 1 }

// count reads a count of items that each take at least a byte.
func (d *valueDecoder) count() int {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.fail()
		return 0
	}
	return int(n)
}

// value reads one engine value.
func (d *valueDecoder) value() any {
	switch tag := d.byte1(); tag {
	case tagNil:
		return nil
	case tagString:
		return d.str()
	case tagFalse, tagTrue:
		return tag == tagTrue
	case tagInt32:
		return int32(d.varint())
	case tagInt64:
		return d.varint()
	case tagFloat64:
		if len(d.b) < 8 {
			d.fail()
			return nil
		}
		f := math.Float64frombits(binary.LittleEndian.Uint64(d.b))
		d.b = d.b[8:]
		return f
	case tagDecimal:
		var x decimal.Decimal
		d.unmarshal(&x)
		return x
	case tagTime:
		var x time.Time
		d.unmarshal(&x)
		return x
	case tagDate:
		return contracts.Date{Year: int(d.varint()), Month: time.Month(d.varint()), Day: int(d.varint())}
	case tagList:
		return d.values()
	case tagStruct:
		n := d.count()
		m := make(map[string]any, n)
		for range n {
			k := d.str()
			m[k] = d.value()
		}
		return m
	}
	d.fail()
	return nil
}

func (d *valueDecoder) unmarshal(v interface{ UnmarshalBinary([]byte) error }) {
	if data := d.bytes(); d.err == nil {
		if err := v.UnmarshalBinary(data); err != nil {
			d.err = fmt.Errorf("%w: %v", errCorrupt, err)
		}
	}
}

// values reads a count and the values.
func (d *valueDecoder) values() []any {
	n := d.count()
	out := make([]any, n)
	for i := range out {
		out[i] = d.value()
	}
	return out
}

// stateWriter writes the records of a state file.
type stateWriter struct {
	w   *bufio.Writer
	buf []byte
}

// name starts an operator's records.
func (w *stateWriter) name(s string) error {
	w.buf = binary.AppendUvarint(w.buf[:0], uint64(len(s)))
	w.buf = append(w.buf, s...)
	_, err := w.w.Write(w.buf)
	return err
}

// record writes one record; val only with recordSet.
func (w *stateWriter) record(flag byte, key string, val []byte) error {
	return w.recordBytes(flag, []byte(key), val)
}

// recordBytes is record with the key as bytes.
func (w *stateWriter) recordBytes(flag byte, key, val []byte) error {
	w.buf = append(w.buf[:0], flag)
	if flag != recordEnd {
		w.buf = binary.AppendUvarint(w.buf, uint64(len(key)))
		w.buf = append(w.buf, key...)
	}
	if flag == recordSet {
		w.buf = binary.AppendUvarint(w.buf, uint64(len(val)))
	}
	if _, err := w.w.Write(w.buf); err != nil {
		return err
	}
	_, err := w.w.Write(val)
	return err
}

// stateReader reads the records of a state file. The key and value of
// the record last read are in buffers the next read reuses: a merge of
// files allocates nothing per record.
type stateReader struct {
	r        *bufio.Reader
	key, val []byte
}

// name reads an operator's name.
func (r *stateReader) name() (string, error) {
	b, err := r.bytes(nil)
	return string(b), err
}

// next reads one record: its flag, and its key and (recordSet) value in
// r.key and r.val.
func (r *stateReader) next() (flag byte, err error) {
	if flag, err = r.r.ReadByte(); err != nil {
		return 0, corrupt(err)
	}
	switch flag {
	case recordEnd:
		return flag, nil
	case recordSet, recordDel:
	default:
		return 0, errCorrupt
	}
	if r.key, err = r.bytes(r.key); err != nil || flag == recordDel {
		return flag, err
	}
	r.val, err = r.bytes(r.val)
	return flag, err
}

// bytes reads a length and that many bytes into buf.
func (r *stateReader) bytes(buf []byte) ([]byte, error) {
	n, err := binary.ReadUvarint(r.r)
	if err != nil {
		return nil, corrupt(err)
	}
	if n > 1<<31 {
		return nil, errCorrupt
	}
	buf = slices.Grow(buf[:0], int(n))[:n]
	if _, err := io.ReadFull(r.r, buf); err != nil {
		return nil, corrupt(err)
	}
	return buf, nil
}

// corrupt is errCorrupt for a file that ends early, else err.
func corrupt(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errCorrupt
	}
	return err
}
