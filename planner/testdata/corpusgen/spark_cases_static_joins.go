package main

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
)

// checkerStatic is where Spark 4.1 defines the stream–static joins.
const checkerStatic = "UnsupportedOperationChecker.checkForStreaming: Join with one streaming side (guide: support matrix for joins)"

// sparkStaticJoinCases: each join type with the stream on the left (static
// customers on the right) and on the right (static orders on the left).
func sparkStaticJoinCases() []sparkCase {
	var out []sparkCase
	for _, t := range []ir.JoinType{ir.JoinInner, ir.JoinLeft, ir.JoinRight, ir.JoinFull, ir.JoinSemi, ir.JoinAnti} {
		out = append(out,
			sparkCase{name: fmt.Sprintf("static_right_%s", t), about: fmt.Sprintf("stream %s join static table", t), rule: checkerStatic,
				doc: func() *ir.Document { return rightStatic(t) }},
			sparkCase{name: fmt.Sprintf("static_left_%s", t), about: fmt.Sprintf("static table %s join stream", t), rule: checkerStatic,
				doc: func() *ir.Document { return leftStatic(t) }})
	}
	return out
}
