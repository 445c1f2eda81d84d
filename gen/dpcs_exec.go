package gen

import (
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// This file holds the profile-bound parts of a pipeline contract: port
// bindings, execution, failure semantics and delivery guarantees. Unbound,
// each says so or stays empty.

// sourceBinding is the profile binding of an extract; nil when unbound.
func sourceBinding(m *Model, s *planner.Source) *DPCSBinding {
	if !m.bound() {
		return nil
	}
	plugin := pluginOf(s.Binding)
	if plugin == nil {
		return nil
	}
	return &DPCSBinding{Profile: m.profileName(), Plugin: string(plugin.Name), System: pluginDisplay(plugin),
		Identity: s.Identity, Offsets: s.Offsets}
}

// queryBinding is the DPCS binding of what a query (or a write planned as
// one) writes; nil when unbound.
func queryBinding(m *Model, q *planner.Query) *DPCSBinding {
	if !m.bound() {
		return nil
	}
	plugin := pluginOf(q.Sink.Binding)
	if plugin == nil {
		return nil
	}
	b := &DPCSBinding{Profile: m.profileName(), Plugin: string(plugin.Name), System: pluginDisplay(plugin),
		Identity: q.Sink.Identity, WriteMode: q.Sink.WriteMode, MergeKeys: q.Sink.MergeKeys, Checkpoint: q.Checkpoint,
		PartitionBy: q.Sink.PartitionBy, MergeSchema: q.Sink.MergeSchema}
	for _, o := range q.Sink.TableProperties {
		if b.TableProperties == nil {
			b.TableProperties = map[string]string{}
		}
		b.TableProperties[o.Name] = o.Value
	}
	return b
}

// dpcsExecution states how the pipeline runs under the profile, or unbound.
func dpcsExecution(m *Model, pp *planner.PipelinePlan) DPCSExecution {
	e := DPCSExecution{
		Environment:          DPCSEnvironment{Profile: m.profileName(), RuntimeDependencies: []string{}, SoftwareCapabilities: []string{"spark-structured-streaming"}},
		RequiredCapabilities: []string{"streaming.microbatch", "checkpoint.durable-storage"},
		Etlgen:               DPCSEtlgenExec{Engine: Unbound, Mode: "structured-streaming", Trigger: Unbound, Queries: []DPCSQuery{}},
	}
	if !m.bound() {
		return e
	}
	e.Environment.RuntimeDependencies = append(e.Environment.RuntimeDependencies, m.Plan.Packages...)
	e.Etlgen.Engine, e.Etlgen.Mode, e.Etlgen.Trigger = m.Plan.Engine, m.Plan.Bound.Execution.Mode, triggerText(m.Plan.Trigger)
	e.Etlgen.CheckpointRoot = m.Plan.Bound.Execution.CheckpointRoot
	for _, q := range pp.Queries {
		e.Etlgen.Queries = append(e.Etlgen.Queries, DPCSQuery{Name: q.Name, Sources: q.Sources, Steps: q.Steps,
			OutputMode: q.OutputMode, Checkpoint: q.Checkpoint, Host: q.Host, Hosted: q.Hosted})
	}
	return e
}

func triggerText(t profile.Trigger) string {
	if t.Interval > 0 {
		return t.Type + " " + t.Interval.String()
	}
	if t.Type == "" {
		return Unbound
	}
	return t.Type
}

// dpcsFailures states what happens when a query fails, per query, with the
// delivery guarantee the checkpoint and the sink give.
func dpcsFailures(m *Model, pp *planner.PipelinePlan) []DPCSFailure {
	out := []DPCSFailure{{ID: "pipeline-failure", Category: "query-failure", Scope: DPCSScope{Kind: "pipeline"},
		Triggers:  []string{"a streaming query fails (source, transformation or sink error)", "the profile's stop policy stops the queries"},
		Responses: []string{"stop the failed query; other queries keep their own checkpoints", "restart from the checkpoint"},
		Recovery: DPCSRecovery{Checkpoint: "one checkpoint per query (see x-etlgen.queries)",
			Restart:          "offsets/N is written before batch N runs and commits/N after; an uncommitted batch N is re-run with the same offsets",
			Resume:           "after the last committed offsets; starting offsets apply only to a new checkpoint",
			StateRestoration: "stateful operators restore their state store from the checkpoint"}}}
	if !m.bound() {
		return out
	}
	for _, q := range pp.Queries {
		batch, triggers := "the uncommitted micro-batch", []string{"query " + q.Name + " fails or is restarted"}
		if q.Host != "" {
			batch = "the uncommitted micro-batch of query " + q.Host
			triggers = []string{"query " + q.Host + ", whose micro-batches write this load (multi-sink), fails or is restarted"}
		}
		if len(q.Hosted) > 0 {
			triggers = append(triggers, "a write to a load it hosts fails: "+strings.Join(q.Hosted, ", ")+" (multi-sink: one query, its sinks stop together)")
		}
		out = append(out, DPCSFailure{ID: "query-" + q.Name, Category: "delivery:" + q.Guarantee.Level,
			Scope:     DPCSScope{Kind: "path", Path: "interface.outputs." + q.Name},
			Triggers:  triggers,
			Responses: []string{"re-run " + batch + " from " + q.Checkpoint},
			Recovery: DPCSRecovery{Checkpoint: q.Checkpoint, Restart: q.Guarantee.Statement,
				Resume: "after the last committed batch", StateRestoration: stateText(q)}})
	}
	return out
}

func stateText(q planner.Query) string {
	if len(q.Stateful) == 0 {
		return "stateless: nothing to restore"
	}
	return diag.Count(len(q.Stateful), "stateful operator", "stateful operators") + " restored from the checkpoint's state store"
}

// dpcsGuarantees lists the delivery guarantee of each query.
func dpcsGuarantees(m *Model, pp *planner.PipelinePlan) []DPCSGuarantee {
	out := []DPCSGuarantee{}
	if !m.bound() {
		return out
	}
	for _, q := range pp.Queries {
		out = append(out, DPCSGuarantee{Query: q.Name, Sources: q.Sources, Sink: q.Sink.Asset, Level: q.Guarantee.Level,
			Statement: q.Guarantee.Statement, Requirements: q.Guarantee.Requirements})
	}
	return out
}
