package localengine

import (
	"regexp"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
)

// arrayStrict evaluate split (a []string, Java's Pattern.split with limit
// -1 on the Java string of the subject; its pattern cannot match the empty
// string: regex.CompileFindAll) and the functions on its array.
var arrayStrict = map[ir.Func]scalarFn{
	ir.FuncSplit: regexFn(true, func(re *regexp.Regexp, s string, _ []any) any {
		return re.Split(s, -1)
	}),
	ir.FuncSize: func(a []any) any { return int32(len(a[0].([]string))) },
	ir.FuncElementAt: func(a []any) any {
		parts := a[0].([]string)
		i, _ := asInt(a[1])
		if i < 0 {
			i += int64(len(parts)) + 1
		}
		if i < 1 || i > int64(len(parts)) {
			return nil
		}
		return parts[i-1]
	},
	ir.FuncArrayContains: func(a []any) any { return slices.Contains(a[0].([]string), a[1].(string)) },
	ir.FuncArrayJoin:     func(a []any) any { return strings.Join(a[0].([]string), a[1].(string)) },
}
