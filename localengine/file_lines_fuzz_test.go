package localengine

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
	"testing/iotest"
	"time"

	"github.com/etlgen/etlgen/contracts"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
)

// FuzzFileLines reads arbitrary bytes as a file of the file source and
// checks conservation: the lines, the parts cut off long lines, the line
// terminators and a leading byte-order mark tile the file exactly, every
// line is the reference splitter's, and each line becomes exactly one row,
// valid or rejected with the line's bytes as raw_payload. The seed corpus
// (testdata/fuzz/FuzzFileLines) holds the reproducers of issue 14: a line
// over the limit, a byte-order mark, Unicode and ASCII spaces around a
// payload, whitespace-only and empty lines, invalid UTF-8, CR/LF mixes.
func FuzzFileLines(f *testing.F) {
	f.Add([]byte("{\"a\":1}\r\n\xef\xbb\xbf\n \t\n\xc2\xa0{}\f\r\r\n\xff"), uint8(4))
	c, ok := contracts.Of[orderstreaming.OrderEvent]()
	if !ok {
		f.Fatal("OrderEvent is not registered")
	}
	f.Fuzz(func(t *testing.T, data []byte, max uint8) {
		limit := 1 + int(max%64)
		var r io.Reader = bytes.NewReader(data)
		if max%2 == 1 { // bytes one at a time: terminators and the BOM split across reads
			r = iotest.OneByteReader(r)
		}
		got := readAllLines(t, r, limit)
		checkTiling(t, data, got)
		want := referenceLines(data)
		if len(got) != len(want) {
			t.Fatalf("%d lines, the reference splitter %d", len(got), len(want))
		}
		for i, l := range got {
			w := want[i]
			if int(l.Size) != len(w) || !bytes.Equal(l.Raw, w[:min(len(w), limit)]) {
				t.Fatalf("line %d = %q (size %d), the reference %q", i, l.Raw, l.Size, w)
			}
		}
		checkRows(t, c, data, got)
	})
}

// readAllLines splits r with a lineReader keeping limit bytes a line.
func readAllLines(t *testing.T, r io.Reader, limit int) []fileLine {
	t.Helper()
	lr := newLineReader(r, limit)
	var out []fileLine
	for {
		l, ok, err := lr.next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return out
		}
		l.Raw = append([]byte(nil), l.Raw...)
		out = append(out, l)
	}
}

// checkTiling checks that lines, terminators and the BOM cover data once.
func checkTiling(t *testing.T, data []byte, ls []fileLine) {
	t.Helper()
	at := int64(0)
	if bytes.HasPrefix(data, utf8BOM) {
		at = int64(len(utf8BOM))
	}
	for i, l := range ls {
		if l.Off != at {
			t.Fatalf("line %d starts at %d, want %d", i, l.Off, at)
		}
		body := data[l.Off : l.Off+l.Size]
		if bytes.ContainsAny(body, "\r\n") || !bytes.HasPrefix(body, l.Raw) {
			t.Fatalf("line %d %q is not the bytes %q of the file", i, l.Raw, body)
		}
		at = l.Off + l.Size
		at += int64(terminatorAt(data, at))
	}
	if at != int64(len(data)) {
		t.Fatalf("lines cover %d of %d bytes", at, len(data))
	}
}

// terminatorAt is the length of the line terminator at data[i:].
func terminatorAt(data []byte, i int64) int {
	switch {
	case bytes.HasPrefix(data[i:], []byte("\r\n")):
		return 2
	case i < int64(len(data)) && (data[i] == '\n' || data[i] == '\r'):
		return 1
	}
	return 0
}

// referenceLines is the text source's split written the obvious way.
func referenceLines(data []byte) [][]byte {
	data = bytes.TrimPrefix(data, utf8BOM)
	var out [][]byte
	for len(data) > 0 {
		i := bytes.IndexAny(data, "\r\n")
		if i < 0 {
			return append(out, data)
		}
		out = append(out, data[:i])
		data = data[i+terminatorAt(data, int64(i)):]
	}
	return out
}

// checkRows reads data as a file through the source and validation: one
// row per line, a rejected row's raw_payload the line's bytes.
func checkRows(t *testing.T, c *contracts.Contract, data []byte, ls []fileLine) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.jsonl"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	src := &FileSource{Dir: dir}
	end, _, err := src.Next(Offset{})
	if err != nil {
		t.Fatal(err)
	}
	v, err := newValidator(c, "p")
	if err != nil {
		t.Fatal(err)
	}
	var sb sourceBatch
	if _, err := src.Scan(Offset{}, end, func(ps []Payload) error {
		sb.add(v.split(ps, time.Unix(0, 0)))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if sb.read != len(ls) || len(sb.valid)+len(sb.invalid) != len(ls) {
		t.Fatalf("%d lines gave %d payloads, %d valid and %d rejected rows", len(ls), sb.read, len(sb.valid), len(sb.invalid))
	}
	raws := map[string]int{}
	for _, l := range ls {
		raws[string(data[l.Off:l.Off+l.Size])]++
	}
	for _, r := range sb.invalid {
		if raws[r[0].(string)] == 0 {
			t.Fatalf("rejected raw_payload %q is no line of the file", r[0])
		}
		raws[r[0].(string)]--
	}
}
