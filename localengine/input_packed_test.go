package localengine

import (
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

// Packed rows unpack to the values validation gave, kind and value: the
// queries that stream a batch another query packed see the same rows.
func TestPackedRowsRoundTrip(t *testing.T) {
	huge, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	rows := []Row{
		{"evt-1", int64(7), int64(1) << 40, int64(-3), int32(-5), true, false, 1.5,
			decimal.New(1999, -2), decimal.New(0, -2), decimal.New(-42, 0), decimal.NewFromBigInt(huge, -2),
			time.Unix(1784113800, 123456789).UTC(), contracts.Date{Year: 2026, Month: time.July, Day: 15}, nil, ""},
	}
	pb := &packedBatch{}
	if !pb.add(&sourceBatch{read: 2, valid: rows, invalid: []Row{{"{"}}}) {
		t.Fatal("the row did not pack")
	}
	got := unpackRows(pb.chunks[0], pb.rows[0], pb.width)
	if diff := cmp.Diff(rows, got, cmp.Comparer(func(a, b decimal.Decimal) bool {
		return a.Exponent() == b.Exponent() && a.Coefficient().Cmp(b.Coefficient()) == 0
	})); diff != "" {
		t.Errorf("unpacked rows (-want +got):\n%s", diff)
	}
	var parts []*sourceBatch
	sb := pb.batch(time.Time{})
	sb.consume(func(p *sourceBatch) { parts = append(parts, p) })
	if len(parts) > 0 && parts[0].unpack != nil {
		if diff := cmp.Diff(rows, parts[0].unpack(), cmp.Comparer(func(a, b decimal.Decimal) bool { return a.Equal(b) })); diff != "" {
			t.Errorf("streamed packed rows (-want +got):\n%s", diff)
		}
	}
	if sb.read != 2 || sb.invalidRows() != 1 || len(parts) != 2 {
		t.Errorf("streamed packed batch: read %d, invalid %d, %d parts; want 2, 1, 2", sb.read, sb.invalidRows(), len(parts))
	}
	for _, r := range []Row{{map[string]any{"a": int64(1)}}, {[]any{int64(1)}}, {time.Unix(0, 0).In(time.FixedZone("x", 3600))}} {
		if (&packedBatch{}).add(&sourceBatch{valid: []Row{r}}) {
			t.Errorf("%v packed; want it kept out of the cache", r)
		}
	}
}

// A value repeated from the row before (a rejected row's reason, pipeline,
// contract, observed_at) packs as one byte and unpacks equal, whatever
// the column held before it.
func TestPackedRowsRepeated(t *testing.T) {
	at := time.Unix(1784113800, 5).UTC()
	cases := []struct {
		name string
		rows []Row
		max  int // packed bytes at most
	}{
		{"repeated", []Row{{"raw-1", "BAD_ENUM", at, nil}, {"raw-2", "BAD_ENUM", at, nil}, {"raw-3", "BAD_ENUM", at, nil}}, 3*9 + 14 + 11 + 2*4},
		{"changing", []Row{{"a", at, nil}, {"a", at.Add(1), "a"}, {nil, at.Add(1), "a"}, {"", at.In(time.FixedZone("x", 0)).UTC(), ""}}, 100},
		{"kinds", []Row{{"1", int64(1)}, {int64(1), "1"}, {"1", "1"}}, 100},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var pr packedRows
			if !pr.add(c.rows) {
				t.Fatal("the rows did not pack")
			}
			if len(pr.chunks[0]) > c.max {
				t.Errorf("packed into %d bytes; want at most %d", len(pr.chunks[0]), c.max)
			}
			if diff := cmp.Diff(c.rows, pr.unpack(0)); diff != "" {
				t.Errorf("unpacked rows (-want +got):\n%s", diff)
			}
		})
	}
}

// A reader of a packed batch gets each chunk's rows as unpackRows gives
// them, in order or not: the chunk unpacked ahead is the next one, and a
// chunk asked for out of order is unpacked then.
func TestUnpackerReadsAhead(t *testing.T) {
	pr := &packedRows{}
	for c := range 4 {
		var rows []Row
		for i := range 3 {
			rows = append(rows, Row{fmt.Sprintf("evt-%d-%d", c, i), int64(c*10 + i)})
		}
		if !pr.add(rows) {
			t.Fatal("rows did not pack")
		}
	}
	cases := []struct {
		name  string
		order []int
	}{
		{"in order", []int{0, 1, 2, 3}},
		{"skipping", []int{0, 2, 3}},
		{"backwards", []int{3, 1, 0}},
		{"again", []int{1, 1, 2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u := &unpacker{pr: pr}
			for _, i := range tc.order {
				if diff := cmp.Diff(pr.unpack(i), u.unpack(i)); diff != "" {
					t.Errorf("chunk %d (-want +got):\n%s", i, diff)
				}
			}
		})
	}
}
