package promise

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// choice is one way to bind an asset: flow YAML in which %q stands for
// prefix + the asset name, quoted.
type choice struct{ name, yaml, prefix string }

// bindings lists, per engine and role, the plugins (and write modes) that
// can play it, as profile YAML.
var bindings = map[string]map[string][]choice{
	profile.EnginePySpark: {
		"stream": {{"kafka", "{plugin: kafka-json, resource: kafka, subscribe_pattern: %q}", ""}, {"files", "{plugin: file-json, path: %q}", "s3a://warehouse/in/"},
			{"cdf", "{plugin: delta-cdf, table: %q}", "raw."}, {"rate", "{plugin: rate}", ""}},
		"static": {{"delta", "{plugin: delta, table: %q}", "dim."}},
		"sink": {{"append", "{plugin: delta, table: %q}", "out."}, {"merge", "{plugin: delta, table: %q, write_mode: foreach-batch-merge}", "out."},
			{"files", "{plugin: file-json, path: %q}", "s3a://warehouse/out/"}},
	},
	profile.EngineLocal: {
		"stream": {{"memory", "{plugin: memory}", ""}, {"files", "{plugin: file-json, path: %q}", "in/"},
			{"cdf", "{plugin: delta-cdf, table: %q}", "raw."}, {"rate", "{plugin: rate}", ""}},
		"static": {{"memory", "{plugin: memory}", ""}, {"delta", "{plugin: delta, table: %q}", "dim."}},
		"sink": {{"memory", "{plugin: memory}", ""}, {"memory-merge", "{plugin: memory, write_mode: foreach-batch-merge}", ""},
			{"append", "{plugin: delta, table: %q}", "out."}, {"merge", "{plugin: delta, table: %q, write_mode: foreach-batch-merge}", "out."},
			{"files", "{plugin: file-json, path: %q}", "out/"}},
	},
}

// triggers are the trigger lines every engine is tried with.
var triggers = []string{"{type: available-now}", "{type: once}", "{type: processing-time, interval: 10s}"}

// synthesized binds each pipeline of doc on each engine: a baseline (the
// first plugin of each role), then each asset with each other plugin, then
// the baseline with each trigger.
func synthesized(t *testing.T, dirs *scratch, doc *ir.Document) []boundProfile {
	t.Helper()
	var out []boundProfile
	for _, p := range doc.Pipelines {
		roles := assetRoles(p)
		assets := slices.Sorted(maps.Keys(roles))
		for _, eng := range []string{profile.EnginePySpark, profile.EngineLocal} {
			base := map[string]choice{}
			for _, a := range assets {
				base[a] = bindings[eng][roles[a]][0]
			}
			out = append(out, synth(t, dirs.next(), p.ID, eng, triggers[0], base, ""))
			for _, a := range assets {
				for _, c := range bindings[eng][roles[a]][1:] {
					alt := maps.Clone(base)
					alt[a] = c
					out = append(out, synth(t, dirs.next(), p.ID, eng, triggers[0], alt, a+"="+c.name))
				}
			}
			for _, tr := range triggers[1:] {
				out = append(out, synth(t, dirs.next(), p.ID, eng, tr, base, "trigger "+tr))
			}
		}
	}
	return out
}

// assetRoles says what each asset of a pipeline is: stream, static or sink.
func assetRoles(p ir.Pipeline) map[string]string {
	roles := map[string]string{}
	for _, e := range p.Extracts {
		roles[e.Asset] = "stream"
		if e.Static {
			roles[e.Asset] = "static"
		}
	}
	for _, l := range p.Loads {
		roles[l.Asset] = "sink"
	}
	return roles
}

// synth parses one synthesized profile in dir (a fresh scratch path); its
// checkpoints live under it (local) or on the stack's S3 (Spark).
func synth(t *testing.T, dir, pipeline, eng, trigger string, assets map[string]choice, variant string) boundProfile {
	t.Helper()
	root := "s3a://warehouse/checkpoints"
	if eng == profile.EngineLocal {
		root = dir + "/checkpoints"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "name: synth\nengine: %s\ntest: true\nexecution:\n  mode: structured-streaming\n  trigger: %s\n  checkpoint_root: %s\n", eng, trigger, root)
	b.WriteString("resources:\n  spark: {connect_url: \"sc://127.0.0.1:15002\"}\n  kafka: {bootstrap_servers: \"127.0.0.1:9092\"}\nassets:\n")
	for _, a := range slices.Sorted(maps.Keys(assets)) {
		c := assets[a]
		v := c.yaml
		if strings.Contains(v, "%q") {
			v = fmt.Sprintf(v, c.prefix+a)
		}
		fmt.Fprintf(&b, "  %q: %s\n", a, v)
	}
	name := fmt.Sprintf("synth %s/%s", pipeline, eng)
	if variant != "" {
		name += " (" + variant + ")"
	}
	p, l := profile.Parse(dir+"/profile.yaml", []byte(b.String()))
	if p == nil || l.HasErrors() {
		t.Fatalf("%s: synthesized profile does not parse: %v\n%s", name, l, b.String())
	}
	return boundProfile{name: name, prof: p}
}
