package pyspark

import (
	"fmt"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/planner"
)

// sourceView is one extract: how to read it and validate it.
type sourceView struct {
	Asset      string // asset name (plain)
	Plugin     string
	Contract   string // contract id (plain, for comments)
	Const      string // constant prefix, e.g. ORDER_EVENTS
	Fn         string // function prefix, e.g. order_events
	Format     string // Python literal of the reader format
	Kafka      bool
	CDF        bool   // a Delta Change Data Feed: change rows as JSON payloads
	Delta      bool   // a Delta table of typed rows: no payload validation
	Static     bool   // read in full at every micro-batch (spark.read)
	Table      string // Python literal of the Delta table name, or ""
	Load       string // Python literal of the load path ("" for none)
	Options    []kv
	CredEnv    string // Python literal or None
	Mechanism  string // Python literal or None
	Lineage    []string
	Levels     [][]string
	Valid      string
	ReasonCode string
	Reason     string
	FieldPath  string
	Projection []string
	Rejection  []string
}

// lineageCols are the source columns kept next to the payload, per reader.
var lineageCols = map[string][]string{
	"kafka": {"value AS raw_payload", "topic AS _etl_topic", "partition AS _etl_partition",
		"offset AS _etl_offset", "timestamp AS _etl_kafka_timestamp"},
	// a change row as a JSON payload; the commit version and timestamp
	// are its lineage (the reservoir offset of the row)
	"delta-cdf": {"to_json(struct(*), map('timestampFormat', " + SQLString("yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX") + ")) AS raw_payload", "CAST(NULL AS STRING) AS _etl_topic", "CAST(NULL AS INT) AS _etl_partition",
		"CAST(_commit_version AS BIGINT) AS _etl_offset", "CAST(_commit_timestamp AS TIMESTAMP) AS _etl_kafka_timestamp"},
	"text": {"value AS raw_payload", "_metadata.file_path AS _etl_topic", "CAST(NULL AS INT) AS _etl_partition",
		"CAST(NULL AS BIGINT) AS _etl_offset", "CAST(NULL AS TIMESTAMP) AS _etl_kafka_timestamp"},
}

// lineageNames are the lineage columns valid rows keep.
var lineageNames = []string{"_etl_topic", "_etl_partition", "_etl_offset", "_etl_kafka_timestamp"}

func (g *gen) source(s *planner.Source) (*sourceView, error) {
	c, ok := g.contracts[s.Contract]
	if !ok {
		return nil, fmt.Errorf("source %s: contract %s is not in the IR document", s.Asset, s.Contract)
	}
	sv := &sourceView{Asset: s.Asset, Plugin: string(s.Plugin), Contract: s.Contract, Const: constName(s.Asset), Fn: PyName(s.Asset),
		CredEnv: "None", Mechanism: "None"}
	opts := map[string]string{}
	payload := sparksql.PayloadBinary
	switch s.Plugin {
	case "kafka-json":
		sv.Format, sv.Kafka = PyString("kafka"), true
		for _, o := range s.Options {
			opts[o.Name] = o.Value
		}
		g.credentials(sv, s.Asset)
	case "file-json":
		sv.Format, payload = PyString("text"), sparksql.PayloadString
		for _, o := range s.Options {
			if o.Name == "path" {
				sv.Load = PyString(o.Value)
				continue
			}
			opts[o.Name] = o.Value
		}
	case "delta-cdf":
		if _, err := g.deltaSource(sv, s); err != nil {
			return nil, err
		}
		sv.Delta, sv.CDF, payload = false, true, sparksql.PayloadString
		for _, o := range s.Options {
			opts[o.Name] = o.Value
		}
	case "delta":
		return g.deltaSource(sv, s)
	default:
		return nil, fmt.Errorf("source %s: plugin %s has no reader in the Spark engine (kafka-json, file-json, delta, delta-cdf)", s.Asset, s.Plugin)
	}
	sv.Options = sortedKV(opts)
	kind := "kafka"
	switch {
	case sv.CDF:
		kind = "delta-cdf"
	case !sv.Kafka:
		kind = "text"
	}
	lin := append([]string(nil), lineageCols[kind]...)
	if sv.CDF { // the source topic of a change row is its table
		lin[1] = SQLString(g.assetName(s.Asset)) + " AS _etl_topic"
	}
	sv.Lineage = pyList(lin)
	plan, err := sparksql.Compile(c, sparksql.Options{PayloadType: payload})
	if err != nil {
		return nil, fmt.Errorf("source %s: %w", s.Asset, err)
	}
	for _, lvl := range plan.StageLevels() {
		exprs := make([]string, len(lvl))
		for i, st := range lvl {
			exprs[i] = PyString(st.Expr())
		}
		sv.Levels = append(sv.Levels, exprs)
	}
	sv.Valid, sv.ReasonCode = PyString(plan.ValidExpr()), PyString(plan.ReasonCodeExpr())
	sv.Reason, sv.FieldPath = PyString(plan.ReasonExpr()), PyString(plan.FieldPathExpr())
	sv.Projection = pyList(append(plan.ProjectionExprs(), lineageNames...))
	sv.Rejection = pyList(g.rejection(c))
	return sv, nil
}

// credentials names the environment variable holding the Kafka SASL
// credentials; its value is read by the program at run time.
func (g *gen) credentials(sv *sourceView, asset string) {
	if g.prof == nil {
		return
	}
	a, ok := g.prof.Asset(asset)
	if !ok || a.Resource == nil {
		return
	}
	if env := a.Resource.String("credential_env"); env != "" {
		sv.CredEnv = PyString(env)
	}
	if m := a.Resource.String("sasl_mechanism"); m != "" {
		sv.Mechanism = PyString(m)
	}
}

// rejection lists the columns of a rejected payload: the raw payload, the
// verdict, the observed time (the batch timestamp: current_timestamp() is
// fixed per micro-batch, so a replay gives the same rows), lineage, ids,
// and the contract's string and integer fields when the payload has them
// with the right JSON type.
func (g *gen) rejection(c *contracts.Contract) []string {
	out := []string{
		"CAST(raw_payload AS STRING) AS raw_payload",
		"_etl_reason_code AS reason_code",
		"_etl_reason AS reason",
		"_etl_field_path AS field_path",
		"current_timestamp() AS observed_at",
		SQLString(g.pp.ID) + " AS pipeline_id",
		SQLString(c.ID) + " AS contract_id",
		"_etl_topic AS source_topic",
		"_etl_partition AS source_partition",
		"_etl_offset AS source_offset",
	}
	taken := map[string]bool{"raw_payload": true, "reason_code": true, "reason": true, "field_path": true,
		"observed_at": true, "pipeline_id": true, "contract_id": true, "source_topic": true,
		"source_partition": true, "source_offset": true}
	for _, f := range c.Fields {
		if taken[f.Name] {
			continue
		}
		path, ok := sparksql.JSONPath(f.Name)
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

// assetName is the profile's table (else path) of an asset.
func (g *gen) assetName(asset string) string {
	if g.prof != nil {
		if a, ok := g.prof.Asset(asset); ok {
			if t := a.String("table"); t != "" {
				return t
			}
			return a.Path("path")
		}
	}
	return asset
}

// deltaSource reads a Delta table of typed rows: streaming (a delta-cdf
// source reads the change feed), or static (spark.read, the static side of
// a stream-static join). Its rows are the contract's; there is no invalid
// port.
func (g *gen) deltaSource(sv *sourceView, s *planner.Source) (*sourceView, error) {
	sv.Delta, sv.Format = true, PyString("delta")
	for i := range g.pipe.Extracts {
		if g.pipe.Extracts[i].Asset == s.Asset {
			sv.Static = g.pipe.Extracts[i].Static
		}
	}
	opts := map[string]string{}
	for _, o := range s.Options {
		opts[o.Name] = o.Value
	}
	sv.Options = sortedKV(opts)
	table, path := "", ""
	if g.prof != nil {
		if a, ok := g.prof.Asset(s.Asset); ok {
			table, path = a.String("table"), a.Path("path")
		}
	}
	switch {
	case table != "":
		sv.Table = PyString(table)
	case path != "":
		sv.Load = PyString(path)
	default:
		return nil, fmt.Errorf("source %s: a delta source needs a table or a path", s.Asset)
	}
	return sv, nil
}
