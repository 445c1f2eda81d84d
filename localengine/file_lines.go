package localengine

import (
	"bytes"
	"errors"
	"io"
)

// MaxLineBytes is the longest line a file source keeps whole (16 MiB). A
// longer line is cut to its first MaxLineBytes bytes (it can never be a
// valid payload: the contract's payload limit, 1 MiB by default, is far
// below), rejected as PAYLOAD_TOO_LARGE, and the rest of it is skipped up
// to the next line terminator, so reading a file needs memory bounded by
// this limit, not by the file.
const MaxLineBytes = 16 << 20

// utf8BOM is the byte-order mark Hadoop's LineRecordReader drops at the
// start of a file.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// fileLine is one line of a file: its bytes without the terminator, where
// it starts in the file and its full length, larger than len(Raw) when the
// line was cut at the reader's limit.
type fileLine struct {
	Raw  []byte // valid until the next call of next
	Off  int64
	Size int64
}

// cut reports whether the line was longer than the reader keeps.
func (l fileLine) cut() bool { return l.Size > int64(len(l.Raw)) }

// lineReader splits a file into lines exactly as Spark's text source
// (HadoopFileLinesReader over Hadoop's LineRecordReader, no lineSep) does,
// measured on Spark 4.1.1: a line ends at "\n", "\r\n" or "\r", which are
// not part of it; the last line needs no terminator; every line is a row,
// the empty and whitespace-only ones too, byte for byte (no trimming, no
// decoding); a UTF-8 byte-order mark at the very start of the file is
// dropped, one anywhere else is kept.
type lineReader struct {
	r      io.Reader
	max    int
	buf    []byte // read buffer: buf[pos:end] is unread
	pos    int
	end    int
	off    int64 // file offset of buf[pos]
	eof    bool
	err    error
	line   []byte // the line being read, at most max bytes
	begun  bool   // the byte-order mark check is done
	skipLF bool   // the last line ended at "\r": a "\n" right after belongs to it
}

// newLineReader reads lines of r, keeping at most max bytes of each
// (MaxLineBytes when max <= 0).
func newLineReader(r io.Reader, max int) *lineReader {
	if max <= 0 {
		max = MaxLineBytes
	}
	return &lineReader{r: r, max: max, buf: make([]byte, 64<<10)}
}

// fill reads more bytes after the unread ones; false at the end of the
// input or on an error (lr.err).
func (lr *lineReader) fill() bool {
	if lr.eof {
		return false
	}
	if lr.pos > 0 {
		lr.end = copy(lr.buf, lr.buf[lr.pos:lr.end])
		lr.pos = 0
	}
	n, err := lr.r.Read(lr.buf[lr.end:])
	lr.end += n
	if err != nil {
		lr.eof = true
		if !errors.Is(err, io.EOF) {
			lr.err = err
		}
	}
	return n > 0 || !lr.eof
}

// consume drops n unread bytes.
func (lr *lineReader) consume(n int) {
	lr.pos += n
	lr.off += int64(n)
}

// start drops a byte-order mark at the start of the file.
func (lr *lineReader) start() {
	lr.begun = true
	for lr.end-lr.pos < len(utf8BOM) && lr.fill() {
	}
	if bytes.HasPrefix(lr.buf[lr.pos:lr.end], utf8BOM) {
		lr.consume(len(utf8BOM))
	}
}

// next returns the next line; ok is false at the end of the file, and err
// is a read error.
func (lr *lineReader) next() (l fileLine, ok bool, err error) {
	if !lr.begun {
		lr.start()
	}
	if lr.skipLF {
		if lr.pos == lr.end {
			lr.fill()
		}
		if lr.pos < lr.end && lr.buf[lr.pos] == '\n' {
			lr.consume(1)
		}
		lr.skipLF = false
	}
	lr.line = lr.line[:0]
	l.Off = lr.off
	some := false
	for {
		if lr.pos == lr.end && !lr.fill() {
			if lr.err != nil {
				return fileLine{}, false, lr.err
			}
			if !some {
				return fileLine{}, false, nil
			}
			l.Raw = lr.line
			return l, true, nil
		}
		some = true
		chunk := lr.buf[lr.pos:lr.end]
		i := lineEnd(chunk)
		if i < 0 {
			lr.keep(chunk, &l)
			lr.consume(len(chunk))
			continue
		}
		lr.keep(chunk[:i], &l)
		lr.skipLF = chunk[i] == '\r'
		lr.consume(i + 1)
		l.Raw = lr.line
		return l, true, nil
	}
}

// lineEnd is the index of the first '\r' or '\n' in b, -1 when it has
// neither: bytes.IndexAny's answer from two vectorised byte searches
// instead of its loop over every byte.
func lineEnd(b []byte) int {
	i := bytes.IndexByte(b, '\n')
	head := b
	if i >= 0 {
		head = b[:i]
	}
	if j := bytes.IndexByte(head, '\r'); j >= 0 {
		return j
	}
	return i
}

// keep adds b to the line being read, up to the reader's limit.
func (lr *lineReader) keep(b []byte, l *fileLine) {
	l.Size += int64(len(b))
	if room := lr.max - len(lr.line); room > 0 {
		lr.line = append(lr.line, b[:min(room, len(b))]...)
	}
}
