package profile

import (
	"slices"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// gateOutputs binds the output of each quarantine gate (ir.GateQuarantine)
// as a sink of the gated load's contract: an asset of its own, which the
// pipeline does not extract or load and no other gate writes, with the
// checks of any sink (role, write mode, merge keys, layout). A gate whose
// load is not one of the pipeline's is left to the planner (ETL-D276).
func (bc *binder) gateOutputs(pl *ir.Pipeline, b *Binding) {
	used := map[string]bool{}
	for _, e := range pl.Extracts {
		used[e.Asset] = true
	}
	for _, l := range pl.Loads {
		used[l.Asset] = true
	}
	writer := map[string]string{}
	for _, g := range pl.Gates {
		if g.Action != ir.GateQuarantine || g.Output == "" {
			continue
		}
		idx := slices.IndexFunc(pl.Loads, func(l ir.Load) bool { return l.Asset == g.Load })
		if idx < 0 {
			continue
		}
		path := pl.ID + "/gate:" + g.Name
		bad := func(hint, format string, args ...any) {
			bc.report(diag.Error, CodeGateOutput, g.Pos, path, hint, format, args...)
		}
		switch {
		case used[g.Output]:
			bad("name an asset of its own: the pipeline extracts or loads "+g.Output,
				"the quarantine output %s of quality gate %s is also used by pipeline %s", g.Output, g.Name, pl.ID)
			continue
		case writer[g.Output] != "":
			bad("give each quarantine gate an output of its own",
				"asset %s is already the quarantine output of quality gate %s", g.Output, writer[g.Output])
			continue
		}
		writer[g.Output] = g.Name
		ld := pl.Loads[idx]
		if s, ok := bc.sink(pl, ir.Load{Asset: g.Output, Contract: ld.Contract, From: ld.From, Pos: g.Pos}); ok {
			b.GateOutputs = append(b.GateOutputs, s)
		}
	}
}
