package pyspark

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/planner"
)

// sourceView is one extract: how to read it and validate it.
type sourceView struct {
	Asset    string // asset name (plain text)
	AssetLit string // Python literal of the asset name
	// ContractLit is the Python literal of the contract id.
	ContractLit string
	Plugin      string // plugin name (plain text)
	Contract    string // contract id (plain text)
	Const       string // constant prefix, e.g. ORDER_EVENTS
	Fn          string // function prefix, e.g. order_events
	Format      string // Python literal of the reader format
	Kafka       bool
	CDF         bool   // a Delta Change Data Feed: change rows as JSON payloads
	Typed       bool   // typed rows of the contract (a Delta table, rate): no payload validation
	Rows        string // what typed rows are, for the comment (plain text)
	Static      bool   // read in full at every micro-batch (spark.read)
	// Named: the streaming read is named in its query's checkpoint (Spark
	// 4.2 source evolution, planner.NamesSources): <fn>_raw takes the name.
	// SourceDir is then the Python literal of the directory under
	// <checkpoint>/sources/ that Spark keeps the source's metadata in (its
	// name, the first read's: planner.SparkSourceName) for the runtime's
	// re-reads; "" when the runtime's default, position 0, holds.
	Named     bool
	SourceDir string
	Reread    string // how a batch is read again for late rows (plugin.reread), "" when it cannot be
	Table     string // Python literal of the Delta table name, or ""
	Load      string // Python literal of the load path ("" for none)
	Options   []kv
	// Headers marks a Kafka source read with its records' headers
	// (include_headers): lineage column _etl_headers, rejected rows'
	// source_headers.
	Headers bool
	// OptionsEnv are the reader options the program reads from the
	// environment when it starts (Spark option → variable name).
	OptionsEnv []kv
	// CredEnv and Mechanism are Python literals, or None.
	CredEnv, Mechanism string
	Lineage            []string
	Levels             [][]string
	// Rules is the contract's rule table, in the order a row is checked.
	Rules      []ruleView
	Projection []string
	Rejection  []string
	// Quarantine is a static table's quarantine; nil when a row that
	// breaks the contract fails the micro-batch.
	Quarantine *quarantineView
	// Gated: an invalid-ratio gate reads the source's batches again
	// (<fn>_batch_checked).
	Gated bool
	// Observe is the Python literal of the name of the observed metric
	// counting the rows of the source a query reads and rejects
	// (rt.validate observe=).
	Observe     string
	PayloadType sparksql.PayloadType // payload rows: the raw payload's type (set by the plugin's Read)
	contract    *contracts.Contract  // the contract the payloads are validated against
}

// sourceForms are the module names a source defines (idents.claim).
var sourceForms = []string{"%s_raw", "%s_valid", "%s_invalid", "%s_batch_checked", "%S_OPTIONS", "%S_OPTIONS_ENV", "%S_CREDENTIAL_ENV", "%S_SASL_MECHANISM",
	"%S_LINEAGE", "%S_STAGE_LEVELS", "%S_RULES", "%S_CHECK", "%S_PROJECTION", "%S_REJECTION", "%s_quarantine", "%S_QUARANTINE_TARGET",
	"%S_QUARANTINE_SCHEMA_SQL", "%S_QUARANTINE_CREATE_SQL", "%S_QUARANTINE_COLUMNS", "%S_QUARANTINE_KEYS"}

// lineageNames are the lineage columns valid rows keep.
var lineageNames = []string{"_etl_topic", "_etl_partition", "_etl_offset", "_etl_kafka_timestamp"}

// source builds the view of a planned source: its plugin's reader, then,
// for payload rows, the contract's validation compiled to Spark SQL.
func (g *gen) source(s *planner.Source) (*sourceView, error) {
	c, err := declared(s.Def, s.Contract)
	if err != nil {
		return nil, fmt.Errorf("source %s: %w", s.Asset, err)
	}
	if s.Binding == nil {
		return nil, fmt.Errorf("source %s is not bound to a profile asset", s.Asset)
	}
	p, s, err := g.reader(s)
	if err != nil {
		return nil, err
	}
	g.uses(p)
	if err := literalsSafe(s.LiteralSecret); err != nil {
		return nil, fmt.Errorf("source %s: %w", s.Asset, err)
	}
	base := g.ids.claim(s.Asset, sourceForms...)
	sv := &sourceView{Asset: s.Asset, Plugin: string(s.Plugin), Contract: s.Contract, Const: constName(base), Fn: base, contract: c,
		Static: s.Static, Named: !s.Static && planner.NamesSources(g.m.SparkVersion), Reread: p.Reread, CredEnv: "None", Mechanism: "None",
		AssetLit: PyString(s.Asset), ContractLit: PyString(s.Contract), Observe: PyString("etlgen_source_" + base)}
	if sv.Named {
		sv.SourceDir = PyString(planner.SparkSourceName(s.Asset))
	}
	if err := p.Read(sv, s); err != nil {
		return nil, err
	}
	sv.OptionsEnv = optionsEnvKV(s.Options)
	if sv.Typed {
		return sv, nil
	}
	plan, err := sparksql.Compile(c, sparksql.Options{PayloadType: sv.PayloadType})
	if err != nil {
		return nil, fmt.Errorf("source %s: %w", s.Asset, err)
	}
	for _, lvl := range plan.ValueStageLevels() {
		exprs := make([]string, len(lvl))
		for i, st := range lvl {
			exprs[i] = PyString(st.Expr())
		}
		sv.Levels = append(sv.Levels, exprs)
	}
	sv.Rules = ruleTable(plan)
	sv.Projection = pyList(append(plan.ProjectionExprs(), lineageNames...))
	sv.Rejection = pyList(g.rejection(c, plan, sv.Headers))
	if sv.Quarantine, err = g.staticQuarantine(s, sv.Const); err != nil {
		return nil, err
	}
	return sv, nil
}

// RawPayloadBase64 is the SQL of a rejected row's raw_payload_base64: the
// bytes of a payload that is not valid UTF-8 in standard base64 (a string
// column cannot carry them through every reader), NULL otherwise; the
// local engine writes the same (localengine, rawBase64). Spark's
// base64() breaks lines every 76 characters with CRLF
// (spark.sql.chunkBase64String.enabled, true on Spark 4.1.1), so the line
// breaks are removed: standard base64 on one line.
const RawPayloadBase64 = "CASE WHEN NOT coalesce(is_valid_utf8(raw_payload), true) THEN translate(base64(CAST(raw_payload AS BINARY)), concat(chr(13), chr(10)), '') END"

// SourceHeaders is the SQL of a rejected row's source_headers (a Kafka
// source with include_headers): each header's key, its value as text when
// the bytes are valid UTF-8, else value_base64 (standard base64 on one
// line, as raw_payload_base64); NULL for a record without headers.
const SourceHeaders = "transform(_etl_headers, h -> named_struct('key', h.key, " +
	"'value', CASE WHEN is_valid_utf8(h.value) THEN CAST(h.value AS STRING) END, " +
	"'value_base64', CASE WHEN NOT is_valid_utf8(h.value) THEN translate(base64(h.value), concat(chr(13), chr(10)), '') END))"

// ObservedAt is the SQL of a rejected row's observed_at: the micro-batch's
// timestamp. The runtime finds it by this text (etlgen_runtime.OBSERVED_AT,
// rt.rejected) to set it in a stage of its own.
const ObservedAt = "current_timestamp() AS observed_at"

// rejection lists the columns of a rejected payload: the raw payload (and
// its base64 when it is not valid UTF-8), the
// verdict, the observed time (the batch timestamp: current_timestamp() is
// fixed per micro-batch, so a replay gives the same rows), lineage, ids,
// and the contract's string and integer fields when the payload has them
// with the right JSON type.
func (g *gen) rejection(c *contracts.Contract, plan *sparksql.Plan, headers bool) []string {
	out := []string{
		"CAST(raw_payload AS STRING) AS raw_payload",
		"_etl_reason_code AS reason_code",
		"_etl_reason AS reason",
		"_etl_field_path AS field_path",
		ObservedAt,
		SQLString(g.pp.ID) + " AS pipeline_id",
		SQLString(c.ID) + " AS contract_id",
		"_etl_topic AS source_topic",
		"_etl_partition AS source_partition",
		"_etl_offset AS source_offset",
		RawPayloadBase64 + " AS raw_payload_base64",
		SQLString(c.Version) + " AS contract_version",
		ruleColumn(plan) + " AS rule",
	}
	taken := map[string]bool{"raw_payload": true, "reason_code": true, "reason": true, "field_path": true,
		"observed_at": true, "pipeline_id": true, "contract_id": true, "source_topic": true,
		"source_partition": true, "source_offset": true, "raw_payload_base64": true, "source_headers": true,
		"contract_version": true, "rule": true}
	if headers {
		out = append(out, SourceHeaders+" AS source_headers")
	}
	for _, f := range c.Fields {
		if taken[f.Name] {
			continue
		}
		path, ok := sparksql.PayloadPath(f.Name)
		if !ok {
			continue
		}
		v := fmt.Sprintf("try_variant_get(_etl_json, %s, 'variant')", SQLString(path))
		switch f.Type.Kind {
		case contracts.KindString:
			out = append(out, fmt.Sprintf("CASE WHEN schema_of_variant(%s) = 'STRING' THEN try_variant_get(%s, '$', 'string') END AS %s", v, v, SQLIdent(f.Name)))
		case contracts.KindInt32, contracts.KindInt64:
			t := map[contracts.Kind]string{contracts.KindInt32: "int", contracts.KindInt64: "bigint"}[f.Type.Kind]
			out = append(out, fmt.Sprintf("CASE WHEN schema_of_variant(%s) = 'BIGINT' THEN try_variant_get(%s, '$', '%s') END AS %s", v, v, t, SQLIdent(f.Name)))
		}
	}
	return out
}

// ruleColumn is the SQL of a rejected row's rule: the name of the
// cross-field rule the row broke, looked up by its verdict (_etl_rule, the
// 1-based index of the first check of plan it breaks), NULL for every
// other check, as the local engine writes it.
func ruleColumn(plan *sparksql.Plan) string {
	var b strings.Builder
	for i, ck := range plan.Checks {
		if ck.RuleName != "" {
			fmt.Fprintf(&b, " WHEN %d THEN %s", i+1, SQLString(ck.RuleName))
		}
	}
	if b.Len() == 0 {
		return "CAST(NULL AS STRING)"
	}
	return "CASE `_etl_rule`" + b.String() + " END"
}
