package testkit_test

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/testkit"
)

// Doc is a JSON text to check.
type Doc struct {
	Text string `json:"text"`
}

// DocCheck is a Doc with whether its text is valid JSON.
type DocCheck struct {
	Text  string `json:"text"`
	Valid bool   `json:"valid"`
}

func init() {
	for _, t := range []reflect.Type{reflect.TypeFor[Doc](), reflect.TypeFor[DocCheck]()} {
		c, err := contracts.FromType(t)
		if err != nil {
			panic(err)
		}
		contracts.MustRegister(t, c)
	}
}

var checkDocs = etl.Transform("check-docs", func(docs etl.Stream[Doc], _ etl.NoParams) etl.Stream[DocCheck] {
	text := etl.NewCol[string]("text")
	return etl.Into[DocCheck](docs.Select(text.As(text), etl.JSONValid(text).As(etl.NewCol[bool]("valid"))))
})

var docsPipeline = etl.NewPipeline("docs", "1.0.0", func(p *etl.Builder) {
	etl.Load(p, "checked", checkDocs.Step(p, etl.Extract[Doc](p, "docs").Valid(), etl.NoParams{}))
})

// TestLocalEngineTargetsTheProfileLine: a local profile names the Spark
// line it stands for (the spark resource's spark_version) and the engine
// gives that line's answers: try_parse_json of an unpaired surrogate
// escape is valid on 4.1 (none named: the default) and invalid on 4.2, as
// recorded on both (internal/funcverdicts).
func TestLocalEngineTargetsTheProfileLine(t *testing.T) {
	for _, tc := range []struct {
		line string // "": no spark resource
		want bool
	}{{"", true}, {"4.1", true}, {"4.2", false}} {
		t.Run("line "+tc.line, func(t *testing.T) {
			spark := ""
			if tc.line != "" {
				spark = "resources:\n  spark: {connect_url: \"sc://127.0.0.1:15002\", spark_version: \"" + tc.line + "\"}\n"
			}
			rt := testkit.Start(t, docsPipeline, testkit.ProfileYAML(`name: test
engine: local
test: true
execution: {mode: structured-streaming, trigger: {type: available-now}, checkpoint_root: `+strconv.Quote(t.TempDir())+`}
assets:
  docs: {plugin: memory}
  checked: {plugin: memory}
`+spark))
			lone, pair := `{"a":"\ud800"}`, `{"a":"\ud83d\ude00"}`
			testkit.AddEvents(rt, "docs", Doc{lone}, Doc{pair})
			rt.ProcessAllAvailable()
			testkit.RowsEqual(t, testkit.Table[DocCheck](rt, "checked").Rows(), []DocCheck{{lone, tc.want}, {pair, true}})
		})
	}
}
