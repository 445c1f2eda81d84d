package localengine

import (
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// lineStrict and lineNonStrict are the functions whose answer differs on
// a Spark line other than profile.DefaultSparkLine, by line: on that line
// they replace the entry of strictFuncs and nonStrictFuncs. Each
// difference is recorded on both lines (internal/funcverdicts,
// testdata/<family>.json and <family>-<line>.json).
var (
	lineStrict = map[string]map[ir.Func]scalarFn{
		// try_parse_json: an unpaired surrogate escape is invalid on 4.2.
		profile.SparkLine42: {ir.FuncJSONGet: jsonGet(parseJSON42)},
	}
	lineNonStrict = map[string]map[ir.Func]func(args []evalFn) evalFn{
		profile.SparkLine42: {ir.FuncJSONValid: jsonValid(parseJSON42)},
	}
)
