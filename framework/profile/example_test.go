package profile_test

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/profile"
)

// ExampleParse parses a profile with a misspelt key and a literal secret:
// every problem is reported at once, each with file:line:col and a code.
func ExampleParse() {
	src := `name: demo
engine: local
execution:
  trigger: {type: processing-time, interval: 30s}
  checkpoint_root: ../out/checkpoints
assets:
  order_events: {plugin: file-json, path: events, max_file_per_trigger: 1}
resources:
  orders_kafka: {bootstrap_servers: "127.0.0.1:9092", password: hunter2}
`
	p, diags := profile.Parse("profiles/demo.yaml", []byte(src))
	for _, d := range diags {
		fmt.Println(d.Pos, d.Code, d.Message)
	}
	fmt.Println(p.Trigger().Interval, p.CheckpointRoot())
	// Output:
	// profiles/demo.yaml:7:51 ETL-P302 unknown key "max_file_per_trigger" in assets.order_events
	// profiles/demo.yaml:9:65 ETL-P313 resources.orders_kafka.password holds a literal secret
	// 30s out/checkpoints
}
