package planner

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// readsChanges reports whether a source binding reads change rows
// (profile.RowsChanges: a Delta Change Data Feed); an unbound source does
// not.
func readsChanges(b *profile.AssetBinding) bool {
	p := pluginOf(b)
	return p != nil && p.Source != nil && p.Source.Rows == profile.RowsChanges
}

// ChangeMerge is how a CDF MERGE sink (etl.LoadChanges) applies the change
// rows of a micro-batch to its target table: per key only the latest change
// counts, by _commit_version and then ChangeOrder (the last wins); a delete
// removes the row, an insert or update_postimage upserts the Columns of the
// row, an update_preimage is never written. The target is created from the
// Target contract when absent; a replayed batch id changes nothing.
type ChangeMerge struct {
	// Target is the contract of the target table.
	Target string `json:"target"`
	// Keys are the columns a change matches a target row on.
	Keys []string `json:"keys"`
	// Columns are the target table's columns, taken from each change row.
	Columns []Column `json:"columns"`
	// ChangeOrder ranks the change types of one key within one commit version.
	ChangeOrder []string `json:"changeOrder"`
	// Latest says in words which change of a key wins within a batch.
	Latest string `json:"latest"`
	// Def is the contract Target names; nil when the document does not
	// declare it.
	Def *contracts.Contract `json:"-"`
}

// cdfDefaultTrigger is the trigger of a pipeline that reads a Change Data
// Feed when the profile names none: each run processes what the table
// committed up to now and stops (the seed library's availableNow=True).
const cdfDefaultTrigger = "available-now"

// applyCDF fills in the CDF facts of the model: the change merge of each
// CDF sink, the default trigger of queries reading a CDF source, and where
// a CDF source starts.
func applyCDF(c *Checker, m *Model) {
	for _, pp := range c.pipes {
		pm, ok := m.Pipeline(pp.p.ID)
		if !ok {
			continue
		}
		for i := range pm.Sources {
			if s := &pm.Sources[i]; readsChanges(s.Binding) {
				s.Offsets = cdfOffsetsText(s.Binding)
			}
		}
		for i, q := range pp.queries {
			applyCDFQuery(c, q, &pm.Queries[i])
		}
	}
	if m.Trigger.Type == "" && allTriggered(m, cdfDefaultTrigger) {
		m.Trigger = profile.Trigger{Type: cdfDefaultTrigger}
	}
}

// allTriggered reports whether the model has queries and every one runs
// with trigger type t.
func allTriggered(m *Model, t string) bool {
	n := 0
	for _, pp := range m.Pipelines {
		for _, q := range pp.Queries {
			if q.Trigger.Type != t {
				return false
			}
			n++
		}
	}
	return n > 0
}

// applyCDFQuery sets a query's change merge and default trigger.
func applyCDFQuery(c *Checker, q *query, out *Query) {
	if q.load.Changes != nil {
		out.Sink.Changes = changeMergeOf(c, q)
		cdfGuarantee(&out.Guarantee, out.Sink.Changes)
	}
	if out.Trigger.Type == "" && readsCDF(c.env, q) {
		out.Trigger = profile.Trigger{Type: cdfDefaultTrigger}
	}
}

// readsCDF reports whether the query reads a Delta Change Data Feed.
func readsCDF(e *env, q *query) bool {
	for _, a := range q.sourceAssets() {
		if readsChanges(e.Sources[a]) {
			return true
		}
	}
	return false
}

// changeMergeOf describes the CDF MERGE of a load.
func changeMergeOf(c *Checker, q *query) *ChangeMerge {
	cm := &ChangeMerge{Target: q.load.Changes.Target, Keys: cdfKeys(c, q), Columns: []Column{},
		ChangeOrder: append([]string(nil), ir.ChangeOrder...),
		Latest:      "per key, the change with the highest _commit_version, then the latest change type in changeOrder"}
	if ct, ok := c.ix.contracts[cm.Target]; ok {
		cm.Columns, cm.Def = contractColumns(ct), ct
	}
	if cm.Keys == nil {
		cm.Keys = []string{}
	}
	return cm
}

// cdfKeys are the sink's merge keys (profile merge_keys, by default the
// target's primary key as profile.Bind resolved them), else the target's
// primary key.
func cdfKeys(c *Checker, q *query) []string {
	if q.sink != nil && len(q.sink.MergeKeys) > 0 {
		return append([]string(nil), q.sink.MergeKeys...)
	}
	if ct, ok := c.ix.contracts[q.load.Changes.Target]; ok {
		return ct.PrimaryKey()
	}
	return nil
}

// cdfOffsetsText states where a query reading a Change Data Feed starts.
func cdfOffsetsText(b *profile.AssetBinding) string {
	start := "no starting_version or starting_timestamp: a new checkpoint starts at the latest table version (its snapshot read as inserts, then every later change)"
	if b != nil && b.StartingPosition() != "" {
		start = b.StartingPosition() + " applies only to a new checkpoint"
	}
	return fmt.Sprintf("the checkpoint wins: a query with an existing checkpoint resumes after the last committed reservoir version and ignores starting_version / starting_timestamp; %s. To replay, use a new checkpoint with starting_version", start)
}

// cdfGuarantee restates the MERGE's key requirement for change rows: several
// changes of one key may share a batch, and the MERGE reduces them to the
// latest before it matches, so replaying versions converges on one state.
func cdfGuarantee(g *Guarantee, cm *ChangeMerge) {
	for i, r := range g.Requirements {
		if strings.HasPrefix(r, "merge keys (") {
			g.Requirements[i] = "keys (" + strings.Join(cm.Keys, ", ") + ") identify a row of the target; several changes of one key in a micro-batch are reduced to the latest (highest _commit_version, then change type) before the MERGE"
		}
	}
	g.Requirements = append(g.Requirements, "a replay from an earlier version with a new checkpoint converges on the same target: only each key's latest change is applied")
}
