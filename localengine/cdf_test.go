package localengine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

func row(id int, name string) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"id":%d,"name":%q}`, id, name))
}

func testTable(t *testing.T) *DeltaTable {
	t.Helper()
	clock := time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC)
	cat := NewDeltaCatalog(func() time.Time { return clock })
	tb := cat.Table("raw.t")
	if err := tb.SetKeys("id"); err != nil {
		t.Fatal(err)
	}
	return tb
}

// readAll runs the source from start until it has nothing new, returning
// the batches' end offsets and change rows.
func readAll(t *testing.T, s *CDFSource, start Offset) ([]Offset, [][]string) {
	t.Helper()
	var ends []Offset
	var batches [][]string
	for range 20 {
		end, ok, err := s.Next(start)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return ends, batches
		}
		ps, err := s.Read(start, end)
		if err != nil {
			t.Fatal(err)
		}
		var rows []string
		for _, p := range ps {
			var m map[string]any
			if err := json.Unmarshal(p.Raw, &m); err != nil {
				t.Fatal(err)
			}
			rows = append(rows, fmt.Sprintf("%v:%v@%v", m["id"], m[ir.ColChangeType], m[ir.ColCommitVersion]))
		}
		ends, batches, start = append(ends, end), append(batches, rows), end
	}
	t.Fatal("the source never ran dry")
	return nil, nil
}

// TestCDFSourceVersions: change rows per version with the CDF columns,
// starting version, rate limit by versions, and resumption after an end
// offset.
func TestCDFSourceVersions(t *testing.T) {
	tb := testTable(t)
	mustV(t)(tb.Insert(row(1, "a"), row(2, "b"))) // v1
	mustV(t)(tb.Update(row(1, "A")))              // v2
	mustV(t)(tb.Delete(row(2, "")))               // v3
	zero := int64(0)
	ends, batches := readAll(t, &CDFSource{Table: tb, StartVersion: &zero, MaxFiles: 2}, Offset{})
	want := [][]string{{"1:insert@1", "2:insert@1"}, {"1:update_preimage@2", "1:update_postimage@2", "2:delete@3"}}
	if fmt.Sprint(batches) != fmt.Sprint(want) {
		t.Errorf("batches = %v, want %v", batches, want)
	}
	if got := []int64{ends[0].N, ends[1].N}; !slices.Equal(got, []int64{2, 4}) {
		t.Errorf("end offsets = %v, want reservoir versions [2 4]", got)
	}
	mustV(t)(tb.Insert(row(3, "c"))) // v4
	_, batches = readAll(t, &CDFSource{Table: tb, StartVersion: &zero}, ends[1])
	if fmt.Sprint(batches) != "[[3:insert@4]]" {
		t.Errorf("after resuming at version 4: %v", batches)
	}
}

// TestCDFSourceStartingPositions: no starting position reads the latest
// snapshot as inserts; a starting timestamp starts at the first version
// committed at or after it.
func TestCDFSourceStartingPositions(t *testing.T) {
	tb := testTable(t)
	mustV(t)(tb.Insert(row(1, "a"), row(2, "b")))
	mustV(t)(tb.Delete(row(1, "")))
	ends, batches := readAll(t, &CDFSource{Table: tb}, Offset{})
	if fmt.Sprint(batches) != "[[2:insert@2]]" || !ends[0].Snapshot || ends[0].N != 3 {
		t.Errorf("latest snapshot: batches %v ends %+v, want [[2:insert@2]] ending at 3", batches, ends)
	}
	v2, _ := tb.Version(2)
	_, batches = readAll(t, &CDFSource{Table: tb, StartTime: &v2.Timestamp}, Offset{})
	if fmt.Sprint(batches) != "[[1:delete@2]]" {
		t.Errorf("from the timestamp of version 2: %v", batches)
	}
}

func mustV(t *testing.T) func(int64, error) {
	return func(_ int64, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
}

// changeSchema is id, name and the CDF columns.
var changeSchema = NewSchema([]Column{
	{Name: "id", Type: contracts.Type{Kind: contracts.KindInt64}},
	{Name: "name", Type: contracts.Type{Kind: contracts.KindString}},
	{Name: ir.ColChangeType, Type: contracts.Type{Kind: contracts.KindString}},
	{Name: ir.ColCommitVersion, Type: contracts.Type{Kind: contracts.KindInt64}},
})

// TestChangeSinkLatestChangeWins: per key the highest commit version, then
// change type, wins; deletes remove rows; a replayed batch id is skipped;
// memory and Delta targets agree.
func TestChangeSinkLatestChangeWins(t *testing.T) {
	mem := NewMemoryTable("t", TableMerge, []string{"id"})
	delta := testTable(t)
	for _, target := range []changeTarget{mem, delta} {
		s := &ChangeSink{Keys: []string{"id"}, Columns: []string{"id", "name"}, target: target}
		batch0 := []Row{
			{int64(1), "a", "insert", int64(1)}, {int64(2), "b", "insert", int64(1)}, {int64(3), "c", "insert", int64(1)},
		}
		batch1 := []Row{ // out of order on purpose
			{int64(1), "a2", "update_postimage", int64(3)}, {int64(1), "a", "update_preimage", int64(3)},
			{int64(1), "a1", "update_postimage", int64(2)},
			{int64(2), "b", "delete", int64(2)}, {int64(2), "b", "update_preimage", int64(2)},
			{int64(4), "d", "insert", int64(2)}, {int64(4), "d", "delete", int64(3)}, {int64(4), "d2", "insert", int64(4)},
			{int64(3), "c", "delete", int64(4)},
		}
		for id, rows := range [][]Row{batch0, batch1} {
			if skipped, err := s.Write("cp", int64(id), changeSchema, rows); err != nil || skipped {
				t.Fatalf("%T batch %d: skipped=%v err=%v", target, id, skipped, err)
			}
		}
		if skipped, err := s.Write("cp", 1, changeSchema, []Row{{int64(5), "e", "insert", int64(9)}}); err != nil || !skipped {
			t.Errorf("%T: replayed batch 1 not skipped (err %v)", target, err)
		}
		if got := targetRows(target); got != `[{"id":1,"name":"a2"} {"id":4,"name":"d2"}]` {
			t.Errorf("%T rows = %s", target, got)
		}
	}
}

func targetRows(t changeTarget) string {
	var out []string
	switch x := t.(type) {
	case *MemoryTable:
		s, rows := x.Rows()
		for _, r := range rows {
			out = append(out, string(EncodeRow(s, r)))
		}
	case *DeltaTable:
		for _, r := range x.Rows() {
			out = append(out, string(r))
		}
	}
	slices.Sort(out)
	return "[" + strings.Join(out, " ") + "]"
}
