package customercdf_test

import (
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	customercdf "github.com/etlgen/etlgen/examples/customer-cdf"
	"github.com/etlgen/etlgen/testkit"
)

const (
	sourceTable = "raw.customers"
	targetTable = "curated.customers"
)

// localProfile is profiles/local.yaml with its checkpoint root in dir and
// the given replacements applied (e.g. another target table).
func localProfile(t *testing.T, dir string, replace ...string) testkit.Option {
	t.Helper()
	data, err := os.ReadFile("profiles/local.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "checkpoint_root: ../out/checkpoints", "checkpoint_root: "+dir, 1)
	text = strings.Replace(text, "engine: local\n", "engine: local\ntest: true\n", 1)
	for i := 0; i+1 < len(replace); i += 2 {
		if !strings.Contains(text, replace[i]) {
			t.Fatalf("profiles/local.yaml has no %q", replace[i])
		}
		text = strings.Replace(text, replace[i], replace[i+1], 1)
	}
	return testkit.ProfileYAML(text)
}

// source is the test's own model of the source table: the rows it wrote,
// by id. want computes the target from it, independently of the engine.
type source map[int64]customercdf.Customer

func (s source) insert(rt *testkit.Runtime, cs ...customercdf.Customer) int64 {
	for _, c := range cs {
		s[c.CustomerID] = c
	}
	return testkit.DeltaInsert(rt, sourceTable, cs...)
}

func (s source) update(rt *testkit.Runtime, cs ...customercdf.Customer) int64 {
	for _, c := range cs {
		s[c.CustomerID] = c
	}
	return testkit.DeltaUpdate(rt, sourceTable, cs...)
}

func (s source) delete(rt *testkit.Runtime, ids ...int64) int64 {
	var cs []customercdf.Customer
	for _, id := range ids {
		cs = append(cs, s[id])
		delete(s, id)
	}
	return testkit.DeltaDelete(rt, sourceTable, cs...)
}

// want is the target the pipeline must produce: every source row with its
// contacts normalised.
func (s source) want() []customercdf.Customer {
	out := make([]customercdf.Customer, 0, len(s))
	for _, c := range s {
		c.Email = strings.ToLower(c.Email)
		c.Country = strings.ToUpper(c.Country)
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].CustomerID < out[j].CustomerID })
	return out
}

var t0 = time.Date(2026, 7, 15, 9, 0, 0, 0, time.UTC)

func customer(id int64, name, email, country, tier string, minute int) customercdf.Customer {
	return customercdf.Customer{CustomerID: id, Name: name, Email: email, Country: country, Tier: tier,
		UpdatedAt: t0.Add(time.Duration(minute) * time.Minute)}
}

// assertTarget checks the target table against the source model.
func assertTarget(t *testing.T, rt *testkit.Runtime, table string, s source) {
	t.Helper()
	testkit.RowsEqual(t, testkit.DeltaRows[customercdf.Customer](rt, table), s.want())
}

// batches returns the progress of the batches run since index from.
func cdfOffsets(rt *testkit.Runtime, from int) (start, end []int64) {
	for _, p := range rt.Progress[from:] {
		start = append(start, p.StartOffsets["customer_changes"].N)
		end = append(end, p.EndOffsets["customer_changes"].N)
	}
	return start, end
}
