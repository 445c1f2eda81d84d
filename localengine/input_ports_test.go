package localengine

import (
	"maps"
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
)

// A packed batch keeps only the ports the other queries of its source
// read, and still counts the rejected rows it does not keep: a query
// reading the valid rows of a batch another query packed without its
// rejected ones sees every row read and every one rejected.
func TestPackedBatchKeepsThePortsOthersRead(t *testing.T) {
	valid, invalid := map[string]bool{ir.PortValid: true}, map[string]bool{ir.PortInvalid: true}
	both := map[string]bool{ir.PortValid: true, ir.PortInvalid: true}
	c := &inputCache{ports: map[string]map[string]int{"a": {ir.PortValid: 1, ir.PortInvalid: 1}}}
	for _, tc := range []struct {
		name       string
		mine, want map[string]bool
	}{
		{"the valid reader packs the rejected rows only", valid, valid},
		{"the rejected reader packs the valid rows only", invalid, invalid},
		{"a reader of both packs nothing", both, both},
	} {
		if got := c.unread("a", tc.mine); !maps.Equal(got, tc.want) {
			t.Errorf("%s: unkept = %v, want %v", tc.name, got, tc.want)
		}
	}
	c.ports["a"][ir.PortValid] = 2
	if got := c.unread("a", valid); !maps.Equal(got, map[string]bool{}) {
		t.Errorf("another valid reader: unkept = %v, want none", got)
	}

	pb := &packedBatch{unkept: invalid}
	for range 2 {
		if !pb.add(&sourceBatch{read: 3, valid: []Row{{"v1"}, {"v2"}}, invalid: []Row{{"bad"}}}) {
			t.Fatal("did not pack")
		}
	}
	if len(pb.rejected.chunks) != 0 || !pb.keeps(valid) || pb.keeps(invalid) {
		t.Fatalf("packed %d rejected chunks; keeps valid %v, invalid %v; want 0, true, false",
			len(pb.rejected.chunks), pb.keeps(valid), pb.keeps(invalid))
	}
	sb, rows := pb.batch(time.Time{}), 0
	sb.consume(func(p *sourceBatch) {
		if p.unpack != nil {
			rows += len(p.unpack())
		}
	})
	if sb.read != 6 || sb.invalidRows() != 2 || rows != 4 {
		t.Errorf("streamed: read %d, rejected %d, valid rows %d; want 6, 2, 4", sb.read, sb.invalidRows(), rows)
	}
}
