package profile

import (
	"github.com/etlgen/etlgen/diag"
)

// suggest returns the "did you mean" of a hint (diag.DidYouMean), and
// closest the candidates it names.
var suggest, closest = diag.DidYouMean, diag.Closest

// fixTo is the fix that sets key to the one candidate s most likely
// means; none when no candidate, or several, are close.
func (d *decoder) fixTo(key, s string, candidates []string) diag.Fix {
	if m := closest(s, candidates); len(m) == 1 {
		return diag.Fix{File: d.file, Key: key, Set: m[0]}
	}
	return diag.Fix{}
}

// withFix gives the diagnostic reported last the fix f.
func (d *decoder) withFix(f diag.Fix) {
	if len(d.diags) > 0 {
		d.diags[len(d.diags)-1].Fix = f
	}
}
