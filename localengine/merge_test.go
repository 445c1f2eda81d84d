package localengine

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// mergeSchema is a per-window table merged on customer_id only.
var mergeSchema = NewSchema([]Column{{Name: "customer_id", Type: tInt64}, {Name: "ws", Type: tString}, {Name: "n", Type: tInt64}})

// mergeBatches replays the MERGE measured on Spark 4.1 with Delta 4.1
// (MERGE INTO t USING s ON t.customer_id <=> s.customer_id WHEN MATCHED
// THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *): each batch's rows, and
// the table after it (sorted), or the batch fails with
// ErrMultipleSourceRows and the table is unchanged.
var mergeBatches = []struct {
	rows []Row
	want []string // {customer_id, ws, n} rows; nil with fail
	fail bool
}{
	{rows: []Row{{int64(7), "10:00", int64(1)}, {int64(7), "11:00", int64(2)}},
		want: []string{`{"customer_id":7,"ws":"10:00","n":1}`, `{"customer_id":7,"ws":"11:00","n":2}`}},
	// one source row updates both target rows of customer 7
	{rows: []Row{{int64(7), "12:00", int64(3)}},
		want: []string{`{"customer_id":7,"ws":"12:00","n":3}`, `{"customer_id":7,"ws":"12:00","n":3}`}},
	{rows: []Row{{int64(7), "13:00", int64(4)}, {int64(7), "14:00", int64(5)}}, fail: true},
	// two identical rows of a new key are both inserted
	{rows: []Row{{int64(8), "x", int64(1)}, {int64(8), "x", int64(1)}, {int64(9), "y", int64(1)}},
		want: []string{`{"customer_id":7,"ws":"12:00","n":3}`, `{"customer_id":7,"ws":"12:00","n":3}`,
			`{"customer_id":8,"ws":"x","n":1}`, `{"customer_id":8,"ws":"x","n":1}`, `{"customer_id":9,"ws":"y","n":1}`}},
	// NULL keys match NULL (<=>)
	{rows: []Row{{nil, "a", int64(1)}}},
	{rows: []Row{{nil, "b", int64(2)}},
		want: []string{`{"customer_id":7,"ws":"12:00","n":3}`, `{"customer_id":7,"ws":"12:00","n":3}`,
			`{"customer_id":8,"ws":"x","n":1}`, `{"customer_id":8,"ws":"x","n":1}`, `{"customer_id":9,"ws":"y","n":1}`,
			`{"customer_id":null,"ws":"b","n":2}`}},
}

// TestMergeOnPartialKeyAsDelta: the memory and the delta merge sinks both
// behave as Delta's MERGE.
func TestMergeOnPartialKeyAsDelta(t *testing.T) {
	mem := NewMemoryTable("w", TableMerge, []string{"customer_id"})
	dt := NewDeltaCatalog(nil).Table("w")
	if err := dt.SetKeys("customer_id"); err != nil {
		t.Fatal(err)
	}
	sinks := map[string]struct {
		sink Sink
		rows func() []string
	}{
		"memory": {mem, func() []string {
			_, rows := mem.Rows()
			out := make([]string, len(rows))
			for i, r := range rows {
				out[i] = string(EncodeRow(mergeSchema, r))
			}
			return out
		}},
		"delta": {&DeltaSink{Table: dt, Merge: true}, func() []string {
			var out []string
			for _, r := range dt.Rows() {
				out = append(out, string(r))
			}
			return out
		}},
	}
	for name, s := range sinks {
		t.Run(name, func(t *testing.T) {
			var last []string
			for i, b := range mergeBatches {
				_, err := s.sink.Write("cp", int64(i), mergeSchema, b.rows)
				if b.fail {
					if !errors.Is(err, ErrMultipleSourceRows) {
						t.Fatalf("batch %d: error %v, want ErrMultipleSourceRows", i, err)
					}
				} else if err != nil {
					t.Fatalf("batch %d: %v", i, err)
				}
				got := sorted(s.rows())
				if b.fail {
					if diff := cmp.Diff(last, got); diff != "" {
						t.Errorf("batch %d failed but changed the table (-before +after):\n%s", i, diff)
					}
					continue
				}
				if b.want != nil {
					if diff := cmp.Diff(sorted(append([]string(nil), b.want...)), got); diff != "" {
						t.Errorf("after batch %d (-want +got):\n%s", i, diff)
					}
				}
				last = got
			}
		})
	}
}
