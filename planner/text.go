package planner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// Text renders the plan for people: per pipeline its regions, sources (with
// options and offset semantics) and queries (event time, watermarks,
// windows, repartitions, stateful operators, output mode, trigger,
// checkpoint, sink and delivery guarantee). The output is deterministic.
func (m *Model) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "profile %s (engine %s), trigger %s\n", m.Profile, m.Engine, m.Trigger)
	fmt.Fprintf(&b, "checkpoint root: %s\n", orNone(m.CheckpointRoot))
	switch {
	case m.StateStore == profile.StateStoreRocksDB:
		fmt.Fprintf(&b, "state store: rocksdb (RocksDBStateStoreProvider, changelog checkpointing, a snapshot every %s; a checkpoint keeps its first provider)\n", diag.Count(m.StateSnapshotInterval, "delta", "deltas"))
	case m.StateStore == profile.StateStoreHDFS:
		fmt.Fprintf(&b, "state store: hdfs (HDFSBackedStateStoreProvider, a snapshot every %s; a checkpoint keeps its first provider)\n", diag.Count(m.StateSnapshotInterval, "delta", "deltas"))
	case m.InProcess && m.StateSnapshotInterval > 0:
		fmt.Fprintf(&b, "state store: local (a delta of the changed keys per batch, a snapshot every %s)\n", diag.Count(m.StateSnapshotInterval, "batch", "batches"))
	}
	fmt.Fprintf(&b, "spark packages: %s\n", orNone(strings.Join(m.Packages, ", ")))
	for _, p := range m.Pipelines {
		writePipeline(&b, p)
	}
	return b.String()
}

// JSON renders the plan as indented JSON with a trailing newline.
func (m *Model) JSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, fmt.Errorf("marshal plan: %w", err)
	}
	return b.Bytes(), nil
}

func writePipeline(b *strings.Builder, p PipelinePlan) {
	fmt.Fprintf(b, "\npipeline %s %s\n", p.ID, p.Version)
	for _, r := range p.Regions {
		fmt.Fprintf(b, "  streaming region %s: sources %s; steps %s; queries %s\n", r.Name,
			list(r.Sources), list(r.Steps), list(r.Queries))
	}
	for _, s := range p.Sources {
		writeSource(b, s)
	}
	for _, q := range p.Queries {
		writeQuery(b, q)
	}
	for _, g := range p.Gates {
		writeGate(b, g)
	}
	for _, e := range p.Expectations {
		writeExpectation(b, e)
	}
}

// writeExpectation writes an expectation: the stream it checks, its
// condition, its action and the queries that evaluate it.
func writeExpectation(b *strings.Builder, e Expectation) {
	fmt.Fprintf(b, "\n  expectation %s on %s.%s: %s -> %s\n", e.Name, e.On.Node, e.On.Port, e.Condition, e.ActionText())
	fmt.Fprintf(b, "    evaluated in every micro-batch by queries: %s\n", list(e.Queries))
}

// writeGate writes a quality gate: its breach condition, its action and
// the queries that evaluate it.
func writeGate(b *strings.Builder, g Gate) {
	scope := " per " + strings.ReplaceAll(g.Scope, "_", "-")
	if g.Scope == ir.GateScopeWindow || g.Scope == ir.GateScopeLastBatches || g.Scope == ir.GateScopeLastInterval {
		scope = "" // the condition says "in an event-time window", "over the last 10 micro-batches", "over the micro-batches of the last 1h0m0s"
	}
	fmt.Fprintf(b, "\n  gate %s: %s%s -> %s\n", g.Name, g.Condition, scope, g.ActionText())
	fmt.Fprintf(b, "    evaluated before the sink commits by queries: %s\n", list(g.Queries))
}

func writeSource(b *strings.Builder, s Source) {
	fmt.Fprintf(b, "\n  source %s: %s %s, contract %s\n", s.Asset, orNone(string(s.Plugin)), orNone(s.Identity), s.Contract)
	fmt.Fprintf(b, "    event time: %s\n", orNone(s.EventTime))
	opts := make([]string, len(s.Options))
	for i, o := range s.Options {
		opts[i] = o.Name + "=" + o.Value
	}
	fmt.Fprintf(b, "    options: %s\n", list(opts))
	fmt.Fprintf(b, "    offsets: %s\n", s.Offsets)
	if q := s.Quarantine; q != nil {
		fmt.Fprintf(b, "    quarantine: %s %s %s, written by query %s before its sink, rows matched on %s\n",
			q.Asset, orNone(string(q.Plugin)), orNone(q.Identity), orNone(q.Owner), list(q.Keys))
	}
}

func writeQuery(b *strings.Builder, q Query) {
	fmt.Fprintf(b, "\n  query %s (branch %s)\n", q.Name, q.Branch)
	fmt.Fprintf(b, "    sources: %s; steps: %s\n", list(q.Sources), list(q.Steps))
	fmt.Fprintf(b, "    event time: %s\n", orNone(q.EventTime))
	for _, w := range q.Watermarks {
		fmt.Fprintf(b, "    watermark: %s delay %s (step %s)\n", w.Column, w.Delay, w.Step)
	}
	for _, r := range q.Repartitions {
		writeRepartition(b, r)
	}
	for _, op := range q.Stateful {
		writeStateful(b, op)
	}
	fmt.Fprintf(b, "    output mode: %s (%s)\n", q.OutputMode, q.OutputModeReason)
	fmt.Fprintf(b, "    trigger: %s\n", q.Trigger)
	fmt.Fprintf(b, "    checkpoint: %s\n", q.Checkpoint)
	if q.Host != "" {
		fmt.Fprintf(b, "    runs in: query %s (multi-sink: its micro-batches write this load too; txnAppId %s)\n", q.Host, q.Identity)
	}
	if len(q.Hosted) > 0 {
		fmt.Fprintf(b, "    writes also: %s (multi-sink: the same stream, output mode and columns; one source read, the batch persisted once, each sink idempotent per batch id)\n",
			strings.Join(q.Hosted, ", "))
	}
	fmt.Fprintf(b, "    sink: %s %s", orNone(string(q.Sink.Plugin)), orNone(q.Sink.Identity))
	if q.Sink.WriteMode != "" {
		fmt.Fprintf(b, ", write mode %s", q.Sink.WriteMode)
	}
	if len(q.Sink.MergeKeys) > 0 {
		fmt.Fprintf(b, ", merge keys [%s]", strings.Join(q.Sink.MergeKeys, ", "))
	}
	fmt.Fprintf(b, ", contract %s\n", q.Sink.Contract)
	writeLayout(b, q.Sink)
	fmt.Fprintf(b, "    guarantee: %s\n", q.Guarantee.Statement)
	for _, r := range q.Guarantee.Requirements {
		fmt.Fprintf(b, "      - requires: %s\n", r)
	}
	for _, g := range q.Gates {
		fmt.Fprintf(b, "    gate %s: %s -> %s\n", g.Name, g.Condition, g.ActionText())
	}
	for _, e := range q.Expectations {
		fmt.Fprintf(b, "    expectation %s on %s.%s: %s -> %s\n", e.Name, e.On.Node, e.On.Port, e.Condition, e.ActionText())
	}
}

// writeLayout writes how the sink's table is created and evolves, when
// the profile says anything of it.
func writeLayout(b *strings.Builder, s Sink) {
	if len(s.PartitionBy) == 0 && len(s.TableProperties) == 0 && !s.MergeSchema {
		return
	}
	props := make([]string, len(s.TableProperties))
	for i, o := range s.TableProperties {
		props[i] = o.Name + "=" + o.Value
	}
	fmt.Fprintf(b, "    table: partitioned by %s; properties %s; merge schema %t\n", list(s.PartitionBy), list(props), s.MergeSchema)
}

func writeRepartition(b *strings.Builder, r Repartition) {
	by := "round-robin"
	if len(r.Keys) > 0 {
		by = "by hash of [" + strings.Join(r.Keys, ", ") + "]"
	}
	side := ""
	if r.Static {
		side = " (static table)"
	}
	fmt.Fprintf(b, "    repartition: step %s into %s %s%s\n", r.Step, diag.Count(r.Partitions, "partition", "partitions"), by, side)
}

func writeStateful(b *strings.Builder, op StatefulOp) {
	fmt.Fprintf(b, "    stateful: %s in step %s, keys [%s]", op.Kind, op.Step, strings.Join(op.Keys, ", "))
	if op.Window != nil {
		fmt.Fprintf(b, ", window %s", windowText(op))
	}
	if op.Watermark != "" {
		fmt.Fprintf(b, ", watermark on %s", op.Watermark)
	} else {
		b.WriteString(", no watermark (state unbounded)")
	}
	b.WriteByte('\n')
	if len(op.Aggregates) > 0 {
		fmt.Fprintf(b, "      aggregates: %s\n", strings.Join(op.Aggregates, ", "))
	}
	if op.Join != nil {
		fmt.Fprintf(b, "      join: %s on [%s] = [%s]\n", op.Join.Type, strings.Join(op.Join.LeftKeys, ", "), strings.Join(op.Join.RightKeys, ", "))
	}
}

func list(s []string) string {
	if len(s) == 0 {
		return "(none)"
	}
	return strings.Join(s, ", ")
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
