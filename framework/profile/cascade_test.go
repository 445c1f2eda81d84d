package profile

import (
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
)

// TestNoCascade: a root error in an asset is reported once; neither parsing
// nor Bind (which the planner runs on a profile with errors) adds what the
// broken value would imply — an option that "only applies" with it, an
// output mode its default would refuse, unused-asset notes.
func TestNoCascade(t *testing.T) {
	const head = "name: t\nengine: pyspark\nexecution: {trigger: once, checkpoint_root: s3a://w/ck}\n" +
		"resources:\n  spark: {connect_url: \"sc://h:1\"}\n  k: {bootstrap_servers: \"h:9092\"}\nassets:\n" +
		"  rejected_order_events: {plugin: delta, table: q.r}\n  late_order_events: {plugin: delta, table: q.l}\n"
	const events = "  order_events: {plugin: kafka-json, resource: k, topic: t}\n"
	const windows = "  customer_order_windows: {plugin: delta, table: c.w, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}\n"
	tests := []struct {
		name    string
		profile string
		edit    func(*ir.Document)
		want    []string
	}{
		{name: "write mode misspelt", profile: head + events + strings.Replace(windows, "foreach-batch-merge", "merge", 1),
			want: []string{CodeBadEnum}},
		{name: "write mode misspelt, output mode set", profile: head + events +
			strings.Replace(windows, "write_mode: foreach-batch-merge", "write_mode: merge, output_mode: update", 1),
			want: []string{CodeBadEnum}},
		{name: "output mode misspelt", profile: head + events + strings.Replace(windows, "merge_keys:", "output_mode: updat, merge_keys:", 1),
			want: []string{CodeBadEnum}},
		{name: "plugin misspelt", profile: head + windows + strings.Replace(events, "kafka-json", "kafka", 1),
			want: []string{CodeUnknownPlugin}},
		{name: "merge key of a broken sink", profile: head + events + strings.Replace(windows, "table: c.w, ", "", 1),
			want: []string{CodeMissingOption}},
		{name: "checkpoint_root misspelt", profile: strings.Replace(head, "checkpoint_root:", "checkpoint_rot:", 1) + events + windows,
			want: []string{CodeUnknownKey}},
		{name: "no execution", profile: strings.Replace(head, "execution: {trigger: once, checkpoint_root: s3a://w/ck}\n", "", 1) + events + windows,
			want: []string{CodeMissingKey}},
		{name: "name misspelt", profile: strings.Replace(head, "name: t", "nme: t", 1) + events + windows,
			want: []string{CodeUnknownKey}},
		{name: "plugin key misspelt", profile: head + events + strings.Replace(windows, "plugin:", "plgin:", 1),
			want: []string{CodeUnknownKey}},
		{name: "table misspelt", profile: head + events + strings.Replace(windows, "table:", "tabel:", 1),
			want: []string{CodeUnknownKey}},
		{name: "bootstrap_servers misspelt", profile: strings.Replace(head, "bootstrap_servers:", "bootstrap_server:", 1) + events + windows,
			want: []string{CodeUnknownKey}},
		{name: "resource without a kind", profile: strings.Replace(head, "k: {bootstrap_servers: \"h:9092\"}", "k: {security_protocol: PLAINTEXT}", 1) + events + windows,
			want: []string{CodeUnknownResource}},
		{name: "quarantine of a broken static table", profile: head + events + windows +
			"  customers: {plugin: delta, table: dim.customers, quarantine: bad_customers, starting_version: x}\n" +
			"  bad_customers: {plugin: delta, table: q.bad_customers}\n", edit: addCustomers,
			want: []string{CodeUnknownKey}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, diags := Parse("t.yaml", []byte(tc.profile))
			if p == nil {
				t.Fatalf("no profile:\n%s", render(diags))
			}
			doc := exampleDoc()
			if tc.edit != nil {
				tc.edit(doc)
			}
			_, bd := Bind(p, doc, examplePipeline)
			got := append(diags, bd...)
			if codes := sortedCodes(got); !slices.Equal(codes, tc.want) {
				t.Errorf("codes = %v, want %v\n%s", codes, tc.want, render(got))
			}
		})
	}
}
