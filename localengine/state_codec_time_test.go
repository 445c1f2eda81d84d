package localengine

import (
	"bytes"
	"encoding/binary"
	"testing"
	"time"
)

// TestTimeEncoding: a time encodes as its MarshalBinary bytes (the form
// state files have always held), whatever its location.
func TestTimeEncoding(t *testing.T) {
	for _, v := range []time.Time{{}, time.Date(2026, 7, 15, 10, 0, 0, 123456789, time.UTC),
		time.Date(2026, 7, 15, 10, 0, 0, 0, time.FixedZone("x", 5400)), time.Unix(1, 0)} {
		data, err := v.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		want := binary.AppendUvarint([]byte{tagTime}, uint64(len(data)))
		want = append(want, data...)
		var e valueEncoder
		for range 2 { // the second reuses the encoder's buffer
			e.b = e.b[:0]
			if err := e.value(v); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(e.b, want) {
				t.Errorf("%v encodes as %x; want %x", v, e.b, want)
			}
		}
	}
}
