package gen

import (
	"slices"

	"github.com/etlgen/etlgen/contracts"
)

// typeReasons are the reason codes a value of a kind can fail with before any
// constraint (docs/validation.md, "Field checks").
var typeReasons = map[contracts.Kind][]contracts.ReasonCode{
	contracts.KindInt32:     {contracts.ReasonWrongType, contracts.ReasonOutOfRange},
	contracts.KindInt64:     {contracts.ReasonWrongType, contracts.ReasonOutOfRange},
	contracts.KindDecimal:   {contracts.ReasonWrongType, contracts.ReasonDecimalOverflow},
	contracts.KindTimestamp: {contracts.ReasonWrongType, contracts.ReasonInvalidTimestamp},
	contracts.KindDate:      {contracts.ReasonWrongType, contracts.ReasonInvalidDate},
}

// reasonCodes lists, in check order and without repeats, the reason codes a
// field's value can be rejected with.
func reasonCodes(f contracts.Field) []contracts.ReasonCode {
	var out []contracts.ReasonCode
	add := func(c contracts.ReasonCode) {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	if f.Required {
		add(contracts.ReasonMissingRequired)
	}
	if rs, ok := typeReasons[f.Type.Kind]; ok {
		for _, r := range rs {
			add(r)
		}
	} else {
		add(contracts.ReasonWrongType)
	}
	for _, c := range f.Constraints {
		if r := c.Kind.ReasonOn(f.Type.Kind); r != "" {
			add(r)
		}
	}
	return out
}
