package profile

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/ir"
)

// TestExampleProfilesBind: both shipped profiles bind to the example pipeline
// with no diagnostic, and the binding carries what the planner needs.
func TestExampleProfilesBind(t *testing.T) {
	type sinkFacts struct {
		Role      Role
		MergeKeys []string
		Update    bool
	}
	tests := []struct {
		file     string
		packages []string
		sinks    map[string]sinkFacts
	}{
		{"spark.yaml", []string{"io.delta:delta-spark_2.13", "org.apache.spark:spark-sql-kafka-0-10_2.13"}, map[string]sinkFacts{
			"customer_order_windows": {RoleMergeSink, []string{"customer_id", "window_start", "window_end"}, true},
			"rejected_order_events":  {RoleAppendSink, nil, false},
			"late_order_events":      {RoleAppendSink, nil, false},
		}},
		{"local.yaml", nil, map[string]sinkFacts{
			"customer_order_windows": {RoleAppendSink, nil, false},
			"rejected_order_events":  {RoleAppendSink, nil, false},
			"late_order_events":      {RoleAppendSink, nil, false},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			p, diags, err := Load(filepath.Join(exampleDir, tt.file))
			if err != nil || len(diags) != 0 {
				t.Fatalf("load: %v\n%s", err, render(diags))
			}
			b, diags := Bind(p, exampleDoc(), examplePipeline)
			if len(diags) != 0 {
				t.Fatalf("bind diagnostics:\n%s", render(diags))
			}
			got := map[string]sinkFacts{}
			for _, s := range b.Sinks {
				got[s.Asset.Name] = sinkFacts{s.Role, s.MergeKeys, s.Accepts(OutputUpdate)}
			}
			if diff := cmp.Diff(tt.sinks, got); diff != "" {
				t.Errorf("sinks (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.packages, b.Packages()); diff != "" {
				t.Errorf("packages (-want +got):\n%s", diff)
			}
			src, ok := b.Source("order_events")
			if !ok || src.Role != RoleStreamingSource || src.EventTime != "event_time" {
				t.Errorf("source = %+v", src)
			}
		})
	}
}

// TestBindChecks is table-driven over a profile snippet and a change to the
// example IR, with the exact codes Bind must report.
func TestBindChecks(t *testing.T) {
	const spark = "name: t\nengine: pyspark\nexecution: {trigger: once, checkpoint_root: s3a://w/ck}\n" +
		"resources:\n  spark: {connect_url: \"sc://h:1\"}\n  k: {bootstrap_servers: \"h:9092\"}\nassets:\n" +
		"  order_events: {plugin: kafka-json, resource: k, topic: t}\n" +
		"  rejected_order_events: {plugin: delta, table: q.r}\n  late_order_events: {plugin: delta, table: q.l}\n"
	const merge = "  customer_order_windows: {plugin: delta, table: c.w, write_mode: foreach-batch-merge}\n"
	const local = "name: t\nengine: local\nexecution: {trigger: available-now, checkpoint_root: ../ck}\nassets:\n" +
		"  order_events: {plugin: file-json, path: ../in}\n  customer_order_windows: {plugin: file-json, path: ../out/w}\n" +
		"  rejected_order_events: {plugin: file-json, path: ../out/r}\n  late_order_events: {plugin: file-json, path: ../out/l}\n"
	deploy := func(d string) string {
		return strings.Replace(spark, `spark: {connect_url: "sc://h:1"}`, `spark: {connect_url: "sc://h:1", deployment: `+d+`}`, 1)
	}
	tests := []struct {
		name    string
		profile string
		edit    func(*ir.Document)
		id      string
		want    []string
	}{
		{name: "clean", profile: spark + merge},
		{name: "pipeline not found", profile: spark + merge, id: "nope", want: []string{CodePipelineNotFound}},
		{name: "no event time", profile: spark + merge, edit: func(d *ir.Document) {
			d.Contracts[0].Fields[4].EventTime = false
		}, want: []string{CodeNoEventTime}},
		{name: "watermark on other column", profile: spark + merge, edit: func(d *ir.Document) {
			d.Pipelines[0].Steps[0].Plan.Inputs[0].Inputs[0].Column = "order_id"
		}, want: []string{CodeWatermarkColumn}},
		{name: "no primary key", profile: spark + merge, edit: func(d *ir.Document) {
			for i := range d.Contracts[1].Fields {
				d.Contracts[1].Fields[i].PrimaryKey = 0
			}
		}, want: []string{CodeNoMergeKeys}},
		{name: "contract missing", profile: spark + merge, edit: func(d *ir.Document) {
			d.Pipelines[0].Loads[1].Contract = "gone"
		}, want: []string{CodeContractNotFound}},
		{name: "static extract on a streaming-only plugin", profile: spark + merge, edit: func(d *ir.Document) {
			d.Pipelines[0].Extracts[0].Static = true
		}, want: []string{CodeRoleUnsupported}},
		{name: "static extract on delta", profile: spark + merge + "  customers: {plugin: delta, table: dim.customers}\n",
			edit: func(d *ir.Document) {
				d.Pipelines[0].Extracts = append(d.Pipelines[0].Extracts, ir.Extract{Asset: "customers", Contract: "rejected-order-event", Static: true})
			}},
		{name: "static extract on delta, local engine", profile: local + "  customers: {plugin: delta, path: ../dim}\n",
			edit: addCustomers, want: []string{CodeEngineMismatch}},
		{name: "static extract on delta, local test profile", profile: strings.Replace(local, "engine: local\n", "engine: local\ntest: true\n", 1) +
			"  customers: {plugin: delta, path: ../dim}\n", edit: addCustomers},
		{name: "static extract on file-json, local engine", profile: local + "  customers: {plugin: file-json, path: ../dim}\n", edit: addCustomers},
		{name: "static extract on file-json, spark", profile: spark + merge + "  customers: {plugin: file-json, path: s3a://w/dim}\n", edit: addCustomers},
		{name: "static quarantine, spark", profile: spark + merge + "  customers: {plugin: delta, table: dim.customers, quarantine: bad_customers}\n" +
			"  bad_customers: {plugin: delta, table: q.bad_customers}\n", edit: addCustomers},
		{name: "static quarantine, local file-json", profile: local + "  customers: {plugin: file-json, path: ../dim, quarantine: bad_customers}\n" +
			"  bad_customers: {plugin: file-json, path: ../out/bad}\n", edit: addCustomers},
		{name: "static quarantine not in the profile", profile: spark + merge + "  customers: {plugin: delta, table: dim.customers, quarantine: bad_customer}\n",
			edit: addCustomers, want: []string{CodeStaticQuarantine}},
		{name: "static quarantine is a load of the pipeline", profile: spark + merge + "  customers: {plugin: delta, table: dim.customers, quarantine: rejected_order_events}\n",
			edit: addCustomers, want: []string{CodeStaticQuarantine}},
		{name: "static quarantine is the table itself", profile: spark + merge + "  customers: {plugin: delta, table: dim.customers, quarantine: customers}\n",
			edit: addCustomers, want: []string{CodeStaticQuarantine}},
		{name: "static quarantine merges", profile: spark + merge + "  customers: {plugin: delta, table: dim.customers, quarantine: bad_customers}\n" +
			"  bad_customers: {plugin: delta, table: q.b, write_mode: foreach-batch-merge}\n", edit: addCustomers, want: []string{CodeStaticQuarantine}},
		{name: "static quarantine cannot append", profile: spark + merge + "  customers: {plugin: delta, table: dim.customers, quarantine: bad_customers}\n" +
			"  bad_customers: {plugin: kafka-json, resource: k, topic: bad}\n", edit: addCustomers, want: []string{CodeStaticQuarantine}},
		{name: "static quarantine on another engine", profile: spark + merge + "  customers: {plugin: delta, table: dim.customers, quarantine: bad_customers}\n" +
			"  bad_customers: {plugin: memory}\n", edit: addCustomers, want: []string{CodeStaticQuarantine}},
		{name: "static quarantine in files on spark", profile: spark + merge + "  customers: {plugin: delta, table: dim.customers, quarantine: bad_customers}\n" +
			"  bad_customers: {plugin: file-json, path: s3a://w/bad}\n", edit: addCustomers, want: []string{CodeStaticQuarantine}},
		{name: "static quarantine in a local delta table", profile: local + "  customers: {plugin: file-json, path: ../dim, quarantine: bad_customers}\n" +
			"  bad_customers: {plugin: delta, path: ../bad}\n", edit: addCustomers, want: []string{CodeStaticQuarantine}},
		{name: "static quarantine shared by two static tables", profile: spark + merge + "  customers: {plugin: delta, table: dim.customers, quarantine: bad}\n" +
			"  regions: {plugin: delta, table: dim.regions, quarantine: bad}\n  bad: {plugin: delta, table: q.bad}\n", edit: func(d *ir.Document) {
			addCustomers(d)
			d.Pipelines[0].Extracts = append(d.Pipelines[0].Extracts, ir.Extract{Asset: "regions", Contract: "rejected-order-event", Static: true})
		}, want: []string{CodeStaticQuarantine}},
		{name: "gate output", profile: spark + merge + "  thin: {plugin: delta, table: q.thin, write_mode: append}\n",
			edit: quarantineGates("thin")},
		{name: "gate output shared by two gates", profile: spark + merge + "  thin: {plugin: delta, table: q.thin, write_mode: append}\n",
			edit: quarantineGates("thin", "thin"), want: []string{CodeGateOutput}},
		{name: "gate output is the gated load", profile: spark + merge, edit: quarantineGates("customer_order_windows"), want: []string{CodeGateOutput}},
		{name: "gate output unbound", profile: spark + merge, edit: quarantineGates("thin"), want: []string{CodeAssetUnbound}},
		{name: "gate output merges on a key of the load's contract", profile: spark + merge +
			"  thin: {plugin: delta, table: q.thin, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}\n",
			edit: quarantineGates("thin")},
		{name: "gate output merges on no column", profile: spark + merge + "  thin: {plugin: delta, table: q.thin, write_mode: foreach-batch-merge, merge_keys: [ghost]}\n",
			edit: quarantineGates("thin"), want: []string{CodeMergeKeyUnknown}},
		{name: "quarantine on a sink", profile: spark + "  customer_order_windows: {plugin: delta, table: c.w, quarantine: bad}\n  bad: {plugin: delta, table: q.bad}\n",
			want: []string{CodeOptionNotApplies}},
		{name: "cluster on object storage", profile: deploy("cluster") + merge},
		{name: "cluster, local checkpoint root", profile: strings.Replace(deploy("cluster"), "s3a://w/ck", "/data/ck", 1) + merge,
			want: []string{CodeDeploymentPath}},
		{name: "cluster, file: checkpoint root", profile: strings.Replace(deploy("cluster"), "s3a://w/ck", "file:///data/ck", 1) + merge,
			want: []string{CodeDeploymentPath}},
		{name: "local deployment, local checkpoint root", profile: strings.Replace(deploy("local"), "s3a://w/ck", "/data/ck", 1) + merge},
		{name: "cluster, local delta sink", profile: deploy("cluster") + "  customer_order_windows: {plugin: delta, path: /data/w, write_mode: foreach-batch-merge}\n",
			want: []string{CodeDeploymentPath}},
		{name: "cluster, local static table and its quarantine", profile: deploy("cluster") + merge + "  customers: {plugin: file-json, path: dim, quarantine: bad}\n" +
			"  bad: {plugin: delta, path: file:/q/bad}\n", edit: addCustomers, want: []string{CodeDeploymentPath, CodeDeploymentPath}},
		{name: "managed, Unity Catalog volume", profile: strings.Replace(deploy("managed"), "s3a://w/ck", "/Volumes/main/etl/ck", 1) + merge},
		{name: "managed, local path", profile: strings.Replace(deploy("managed"), "s3a://w/ck", "/home/me/ck", 1) + merge,
			want: []string{CodeDeploymentPath}},
		{name: "watermark through an upstream step", profile: spark + merge, edit: func(d *ir.Document) {
			pl := &d.Pipelines[0]
			pl.Steps = append([]ir.Step{{ID: "clean", Plan: &ir.Node{Op: ir.OpInput, Input: "in"},
				Inputs: []ir.Binding{{Input: "in", From: ir.Ref{Node: "order_events", Port: ir.PortValid}}}}}, pl.Steps...)
			pl.Steps[1].Inputs[0].From = ir.Ref{Node: "clean", Port: ir.PortOut}
			d.Contracts[0].Fields[4].EventTime = false
		}, want: []string{CodeNoEventTime}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, diags := Parse("t.yaml", []byte(tt.profile))
			if len(diags) != 0 {
				t.Fatalf("parse:\n%s", render(diags))
			}
			doc := exampleDoc()
			if tt.edit != nil {
				tt.edit(doc)
			}
			id := examplePipeline
			if tt.id != "" {
				id = tt.id
			}
			_, got := Bind(p, doc, id)
			if codes := sortedCodes(got); !slices.Equal(codes, tt.want) {
				t.Errorf("codes = %v, want %v\n%s", codes, tt.want, render(got))
			}
		})
	}
}

// TestTestProfileRelaxations: a test profile may use a temporary checkpoint
// root and the memory plugin.
func TestTestProfileRelaxations(t *testing.T) {
	src := "name: t\nengine: local\ntest: true\nexecution: {trigger: available-now, checkpoint_root: /tmp/etlgen-test}\nassets:\n" +
		"  order_events: {plugin: memory}\n  customer_order_windows: {plugin: memory}\n" +
		"  rejected_order_events: {plugin: memory}\n  late_order_events: {plugin: memory, name: late}\n"
	p, diags := Parse("t.yaml", []byte(src))
	if len(diags) != 0 {
		t.Fatalf("parse:\n%s", render(diags))
	}
	b, diags := Bind(p, exampleDoc(), examplePipeline)
	if len(diags) != 0 {
		t.Fatalf("bind:\n%s", render(diags))
	}
	if s, _ := b.Sink("customer_order_windows"); !s.Accepts(OutputComplete) || s.Accepts(OutputUpdate) {
		t.Errorf("memory sink output modes = %v, want append and complete", s.WriteMode.OutputModes)
	}
}

// TestTriggerMismatch uses a registry whose engine supports fewer triggers.
func TestTriggerMismatch(t *testing.T) {
	reg := &Registry{}
	for _, p := range registered {
		if err := reg.Register(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := reg.RegisterEngine(Engine{Name: EngineLocal, Triggers: []string{TriggerAvailableNow}}); err != nil {
		t.Fatal(err)
	}
	if err := reg.RegisterEngine(Engine{Name: EngineLocal}); err == nil {
		t.Error("registering an engine twice must fail")
	}
	src := "name: t\nengine: local\nexecution: {trigger: once, checkpoint_root: out/ck}\nassets:\n" +
		"  order_events: {plugin: file-json, path: in}\n  customer_order_windows: {plugin: file-json, path: o1}\n" +
		"  rejected_order_events: {plugin: file-json, path: o2}\n  late_order_events: {plugin: file-json, path: o3}\n"
	p, diags := reg.Parse("t.yaml", []byte(src))
	if len(diags) != 0 {
		t.Fatalf("parse:\n%s", render(diags))
	}
	_, got := Bind(p, exampleDoc(), examplePipeline)
	if codes := got.Codes(); !slices.Equal(codes, []string{CodeTriggerMismatch}) {
		t.Errorf("codes = %v\n%s", codes, render(got))
	}
}

// addCustomers adds a static extract of asset customers to the example.
func addCustomers(d *ir.Document) {
	d.Pipelines[0].Extracts = append(d.Pipelines[0].Extracts, ir.Extract{Asset: "customers", Contract: "rejected-order-event", Static: true})
}

// quarantineGates adds one quarantine gate of customer_order_windows per
// output.
func quarantineGates(outputs ...string) func(*ir.Document) {
	return func(d *ir.Document) {
		for i, out := range outputs {
			d.Pipelines[0].Gates = append(d.Pipelines[0].Gates, ir.Gate{Name: "g" + strconv.Itoa(i), Metric: ir.GateRows,
				Load: "customer_order_windows", Threshold: 2, Scope: ir.GateScopeBatch, Action: ir.GateQuarantine, Output: out})
		}
	}
}
