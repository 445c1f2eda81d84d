package planner

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// The CDF diagnostic codes (docs/diagnostics.md, docs/cdf.md).
const (
	CodeCDFNoChangeColumns = "ETL-S440" // a CDF MERGE load reads a stream without _change_type / _commit_version
	CodeCDFTargetColumn    = "ETL-S441" // a target column is missing from the change rows, or has another type
	CodeCDFNotMergeSink    = "ETL-S442" // a CDF MERGE load is bound to a sink that does not merge
	CodeCDFStartIgnored    = "ETL-S444" // note: starting_version/timestamp apply only to a new checkpoint
	CodeCDFDefaultTrigger  = "ETL-S445" // note: a CDF pipeline without trigger runs available-now
	CodeCDFUntypedSource   = "ETL-S446" // warning: a delta-cdf source's contract lacks the CDF columns
)

// cdfColumnKinds are the CDF columns a change contract must declare to be
// merged, with their kinds (Delta's readChangeFeed schema).
var cdfColumnKinds = []struct {
	name string
	kind contracts.Kind
}{
	{ir.ColChangeType, contracts.KindString},
	{ir.ColCommitVersion, contracts.KindInt64},
	{ir.ColCommitTimestamp, contracts.KindTimestamp},
}

// ruleCDFChanges: a CDF MERGE (etl.LoadChanges) needs change rows with the
// CDF columns whose other columns cover the target contract, and a sink
// that merges; a delta-cdf source's contract should type the CDF columns.
// Its notes say that a CDF source's starting position applies only to a
// new checkpoint (Delta's DeltaSource: the checkpoint's offset wins) and that
// a CDF pipeline without trigger runs available-now.
var ruleCDFChanges = Rule{
	Name:    "cdf-changes",
	Summary: "a CDF MERGE reads change rows covering its target and writes to a merge sink; CDF sources type the CDF columns",
	Codes:   []string{CodeCDFNoChangeColumns, CodeCDFTargetColumn, CodeCDFNotMergeSink, CodeCDFStartIgnored, CodeCDFDefaultTrigger, CodeCDFUntypedSource},
	Check: func(c *Checker) {
		c.eachQuery(func(q *query) {
			if q.load.Changes != nil {
				checkChangeLoad(c, q)
			}
			if c.env.Trigger.Type == "" && readsCDF(c.env, q) {
				c.report(CodeCDFDefaultTrigger, diag.Note, c.env.Pos, q.pp.path("load:"+q.name), "set execution.trigger to run otherwise",
					fmt.Sprintf("query %s reads a Change Data Feed and the profile names no trigger: it runs available-now (each run processes the committed versions and stops)", q.name))
			}
		})
		for _, pp := range c.pipes {
			for i := range pp.p.Extracts {
				checkCDFSource(c, pp, &pp.p.Extracts[i])
			}
		}
	},
}

// checkChangeLoad checks one etl.LoadChanges load.
func checkChangeLoad(c *Checker, q *query) {
	path := q.pp.path("load:" + q.name)
	pos := q.loadPos()
	src, ok1 := c.ix.contracts[q.load.Contract]
	dst, ok2 := c.ix.contracts[q.load.Changes.Target]
	if !ok1 || !ok2 {
		return // contracts-resolve reports it
	}
	for _, col := range cdfColumnKinds[:2] {
		if f, ok := src.Field(col.name); !ok || f.Type.Kind != col.kind {
			c.report(CodeCDFNoChangeColumns, diag.Error, pos, path,
				fmt.Sprintf("declare `%s` (%s) in contract %s, as read from a delta-cdf source", col.name, col.kind, src.ID),
				fmt.Sprintf("load %s applies changes but contract %s has no %s column of type %s", q.name, src.ID, col.name, col.kind))
		}
	}
	for _, f := range dst.Fields {
		checkTargetColumn(c, q, src, f, pos, path)
	}
	if q.bound && !q.sink.IsMerge() && !pluginOf(q.sink).ChangesAnyMode {
		c.report(CodeCDFNotMergeSink, diag.Error, q.sink.Asset.Pos, path, "bind the asset with write_mode: foreach-batch-merge (delta, or memory in tests)",
			fmt.Sprintf("load %s applies changes but sink %s (%s, write mode %s) does not merge", q.name, q.name, pluginName(q.sink), q.sink.WriteMode.Name))
	}
}

// checkTargetColumn checks that target column f comes from the change rows.
func checkTargetColumn(c *Checker, q *query, src *contracts.Contract, f contracts.Field, pos diag.Position, path string) {
	g, ok := src.Field(f.Name)
	switch {
	case !ok:
		c.report(CodeCDFTargetColumn, diag.Error, pos, path, "add the column to contract "+src.ID+", or remove it from the target contract",
			fmt.Sprintf("target column %s of contract %s is not a column of the change rows (%s)", f.Name, q.load.Changes.Target, src.ID))
	case typeString(&g.Type) != typeString(&f.Type):
		c.report(CodeCDFTargetColumn, diag.Error, pos, path, "give both contracts the same column type",
			fmt.Sprintf("target column %s is %s in %s but %s in the change rows (%s)", f.Name, typeString(&f.Type), q.load.Changes.Target, typeString(&g.Type), src.ID))
	}
}

// checkCDFSource notes the starting position of a delta-cdf source and
// warns when its contract does not type the CDF columns.
func checkCDFSource(c *Checker, pp *pipe, ex *ir.Extract) {
	b := c.env.Sources[ex.Asset]
	if !readsChanges(b) {
		return
	}
	path := pp.path("extract:" + ex.Asset)
	if ct, ok := c.ix.contracts[ex.Contract]; ok {
		for _, col := range cdfColumnKinds {
			if f, ok := ct.Field(col.name); !ok || f.Type.Kind != col.kind {
				c.report(CodeCDFUntypedSource, diag.Warning, ex.Pos, path,
					fmt.Sprintf("declare `%s` (%s) in contract %s to filter and merge changes", col.name, col.kind, ct.ID),
					fmt.Sprintf("delta-cdf source %s: contract %s has no %s column of type %s", ex.Asset, ct.ID, col.name, col.kind))
			}
		}
	}
	if start := b.StartingPosition(); start != "" && !strings.HasSuffix(start, "(default)") {
		c.report(CodeCDFStartIgnored, diag.Note, b.Asset.Pos, path, "to replay from that version, run with a new checkpoint",
			fmt.Sprintf("%s applies only to a new checkpoint: when the checkpoint of a query reading %s exists, the query resumes after its last committed version and ignores it (etlgen run warns)", start, ex.Asset))
	}
}
