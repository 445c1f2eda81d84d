package pyspark

import (
	"bytes"
	"fmt"

	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/planner"
)

// Replay names the replay program of one quarantine (etlgen replay --yes
// on a Spark profile, docs/replay.md): the source whose valid branch the
// replayed rows go through, and the ledger Delta table they are appended
// to and read back from.
type Replay struct {
	// Pipeline is the pipeline's id; Quarantine the quarantine's asset.
	Pipeline, Quarantine string
	// Source is the extract whose valid branch the rows are fed through:
	// the program reads it from the ledger instead of its binding.
	Source string
	// Ledger is the path of the ledger Delta table
	// (<checkpoints>/_replay/<quarantine>/ledger).
	Ledger string
	// AppID is the ledger's txnAppId: an append of the same txnVersion
	// under it commits once.
	AppID string
}

// replayView is the template's view of a replay program: Python literals
// of the ledger's path and app id, and the quarantine's asset (plain
// text).
type replayView struct {
	Ledger, AppID string
	Asset         string
}

// ledgerLineage are the columns of a ledger row as a source row: its
// payload, and no Kafka or file lineage (the quarantined row's own is in
// the quarantine).
var ledgerLineage = []string{"raw AS raw_payload", "CAST(NULL AS STRING) AS _etl_topic", "CAST(NULL AS INT) AS _etl_partition",
	"CAST(NULL AS BIGINT) AS _etl_offset", "CAST(NULL AS TIMESTAMP) AS _etl_kafka_timestamp"}

// ReplayProgramName is the file name of the replay program of a
// quarantine of a pipeline.
func ReplayProgramName(pipelineID, quarantine string) string {
	return PyName(pipelineID+"_replay_"+quarantine) + ".py"
}

// GenerateReplay returns the replay program of r and the runtime package:
// the program of pipeline r.Pipeline of m, which the caller reduced to
// the queries of the valid branch of r.Source (each with its own
// checkpoint and identity), with that source read as a stream from the
// ledger Delta table (its BINARY column raw holds the payloads, validated
// as the source's are), and the entries of the file the
// ETLGEN_REPLAY_ENTRIES variable names appended to the ledger, exactly
// once, before the queries start (etlgen_runtime.append_ledger).
func GenerateReplay(m *planner.Model, r Replay) ([]File, error) {
	pp, ok := m.Pipeline(r.Pipeline)
	if !ok {
		return nil, fmt.Errorf("generate replay program: no pipeline %s", r.Pipeline)
	}
	pv, err := buildReplayable(m, pp, &r)
	if err != nil {
		return nil, fmt.Errorf("generate replay program of %s of pipeline %s: %w", r.Quarantine, pp.ID, err)
	}
	pv.File = ReplayProgramName(pp.ID, r.Quarantine)
	pv.Title = pp.ID + " " + pp.Version + " on profile " + m.Profile + ": replay of quarantine " + r.Quarantine
	pv.Replay = &replayView{Ledger: PyString(r.Ledger), AppID: PyString(r.AppID), Asset: r.Quarantine}
	var b bytes.Buffer
	if err := programTmpl.Execute(&b, pv); err != nil {
		return nil, fmt.Errorf("generate replay program of %s of pipeline %s: %w", r.Quarantine, pp.ID, err)
	}
	return append([]File{{Path: pv.File, Data: b.Bytes()}}, runtimeFiles()...), nil
}

// reader returns how the program reads source s and the source as read:
// for the replayed source of a replay program the replay ledger, without
// the binding's reader options, else its plugin's reader.
func (g *gen) reader(s *planner.Source) (Plugin, *planner.Source, error) {
	if g.replay != nil && s.Asset == g.replay.Source && !s.Static {
		ledger := *s
		ledger.Options, ledger.LiteralSecret = nil, ""
		return Plugin{Read: g.readLedger}, &ledger, nil
	}
	p, err := reader(s)
	return p, s, err
}

// readLedger reads the replay ledger as a stream of raw payloads.
func (g *gen) readLedger(sv *sourceView, _ *planner.Source) error {
	sv.Format, sv.Load, sv.PayloadType = PyString("delta"), PyString(g.replay.Ledger), sparksql.PayloadBinary
	sv.Options, sv.Lineage, sv.Plugin = []kv{}, pyList(ledgerLineage), "replay ledger of "+g.replay.Quarantine
	return nil
}
