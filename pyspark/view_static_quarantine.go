package pyspark

import (
	"fmt"

	"github.com/etlgen/etlgen/planner"
)

// quarantineView is the quarantine of a static table (planner.StaticQuarantine):
// a Delta table its rows that break the contract are merged into, each
// distinct row once, by the owner query's foreachBatch before its sink.
type quarantineView struct {
	Asset string   // plain text
	Owner string   // the owner query's name (plain text)
	Const string   // the static source's constant prefix
	Sink  sinkView // the Delta table: target, schema and create SQL
	// Columns shape a rejected row into the standard rejection columns;
	// Keys are the columns a held row is matched on (Python literals).
	Columns, Keys []string
}

// staticQuarantine builds the view of a static source's quarantine; nil
// when the profile names none.
func (g *gen) staticQuarantine(s *planner.Source, prefix string) (*quarantineView, error) {
	sq := s.Quarantine
	if sq == nil {
		return nil, nil
	}
	if sq.Binding == nil || sq.Contract == nil {
		return nil, fmt.Errorf("source %s: its quarantine %s is not bound", s.Asset, sq.Asset)
	}
	if p, ok := plugins[sq.Plugin]; !ok || !p.Quarantine {
		return nil, fmt.Errorf("source %s: quarantine %s: plugin %s cannot be merged into (the Spark engine writes a static table's quarantine with a Delta MERGE)", s.Asset, sq.Asset, sq.Plugin)
	}
	qv := &quarantineView{Asset: sq.Asset, Owner: sq.Owner, Const: prefix, Columns: pyList(conform(sq.Contract, nil))}
	var err error
	if qv.Sink, err = g.sink(&sq.Write().Sink, sq.Contract); err != nil {
		return nil, fmt.Errorf("source %s: quarantine: %w", s.Asset, err)
	}
	qv.Keys = pyList(sq.Keys)
	return qv, nil
}
