package sparkverdicts_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/planner/sparkverdicts"
)

// TestEquivalentNamesSources checks that an equivalent query names its
// streaming reads as the program would on a line that names sources (4.2:
// planner.SparkSourceName of the asset, under the program's named-source
// session conf), and names none on 4.1: case source_names_clash reads
// order_events and order-events, which Spark 4.2 only refuses when both
// carry the name order_events.
func TestEquivalentNamesSources(t *testing.T) {
	c, err := sparkverdicts.LoadCase(corpusRoot + "/source_names_clash")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := c.Document()
	if err != nil {
		t.Fatal(err)
	}
	prof, err := c.Read(sparkverdicts.FileProfile)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		line  string
		names map[string]string // asset → source name
		conf  []string
	}{
		{line: profile.SparkLine41, names: map[string]string{"order_events": "", "order-events": ""}},
		{line: profile.SparkLine42, names: map[string]string{"order_events": "order_events", "order-events": "order_events"},
			conf: []string{planner.OffsetLogFormatConf, planner.SourceEvolutionConf, planner.RepartitionCheckConf}},
	} {
		t.Run(tc.line, func(t *testing.T) {
			m := sparkverdicts.EquivalentModel(doc, prof, tc.line)
			qs, err := equivalentQueries(m, t.TempDir(), sparkverdicts.Equivalent{})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, q := range qs {
				collectSources(q.Plan, got)
			}
			if !maps.Equal(got, tc.names) {
				t.Errorf("source names by asset: got %v, want %v", got, tc.names)
			}
			if keys := slices.Sorted(maps.Keys(namedSourceConf(m))); !slices.Equal(keys, slices.Sorted(slices.Values(tc.conf))) {
				t.Errorf("job conf keys: got %v, want %v", keys, tc.conf)
			}
		})
	}
}

// collectSources records the name of every streaming read in plan by
// asset.
func collectSources(n *eqNode, out map[string]string) {
	if n == nil {
		return
	}
	if s := n.Source; s != nil && !s.Static {
		out[s.Asset] = s.Name
	}
	for _, in := range n.Inputs {
		collectSources(in, out)
	}
}
