package infer

import (
	"errors"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/regex"
	"github.com/etlgen/etlgen/framework/ir"
)

// regexFunctions are the typing rules of the regular-expression functions.
var regexFunctions = map[ir.Func]rule{
	ir.FuncRLike:         allOf(contracts.KindString, tBool),
	ir.FuncRegexpExtract: signature(tString, contracts.KindString, contracts.KindString, contracts.KindInt32),
	ir.FuncRegexpReplace: allOf(contracts.KindString, tString),
	ir.FuncRegexpCount:   allOf(contracts.KindString, tInt32),
	ir.FuncRegexpSubstr:  allOf(contracts.KindString, tString),
}

// regexLiteralRules check the patterns (and groups and replacements) of
// the regular-expression functions.
var regexLiteralRules = map[ir.Func]literalRule{
	ir.FuncRLike:         firstMatchPattern,
	ir.FuncRegexpSubstr:  firstMatchPattern,
	ir.FuncRegexpExtract: extractGroup,
	ir.FuncRegexpReplace: replacePattern,
	ir.FuncRegexpCount:   everyMatchPattern,
}

// pattern checks the literal pattern of args[1] with compile.
func pattern(args []*ir.Expr, compile func(string) (int, error)) (int, string, string) {
	p, ok := literal(args[1])
	if !ok {
		return 0, "the pattern must be a literal", "pass the pattern as a Go string"
	}
	groups, err := compile(p)
	var re *regex.Error
	if errors.As(err, &re) {
		return 0, "pattern " + strconv.Quote(p) + " at byte " + strconv.Itoa(re.Offset) + ": " + re.Problem, re.Hint
	}
	return groups, "", ""
}

func firstMatch(p string) (int, error) {
	re, err := regex.Compile(p)
	if err != nil {
		return 0, err
	}
	return re.NumSubexp(), nil
}

func everyMatch(p string) (int, error) {
	re, err := regex.CompileFindAll(p)
	if err != nil {
		return 0, err
	}
	return re.NumSubexp(), nil
}

func firstMatchPattern(args []*ir.Expr) (string, string) {
	_, msg, hint := pattern(args, firstMatch)
	return msg, hint
}

func everyMatchPattern(args []*ir.Expr) (string, string) {
	_, msg, hint := pattern(args, everyMatch)
	return msg, hint
}

// extractGroup also requires a literal group the pattern has (Spark fails
// the query on another: REGEX_GROUP_INDEX).
func extractGroup(args []*ir.Expr) (string, string) {
	groups, msg, hint := pattern(args, firstMatch)
	if msg != "" {
		return msg, hint
	}
	v, ok := literal(args[2])
	if g, err := strconv.Atoi(v); !ok || err != nil || g < 0 || g > groups {
		return "group " + v + " of a pattern with " + strconv.Itoa(groups) + " groups",
			"pass a literal group from 0 (the whole match) to " + strconv.Itoa(groups)
	}
	return "", ""
}

// replacePattern also requires a literal replacement without $ and \,
// which Java reads as group references and escapes.
func replacePattern(args []*ir.Expr) (string, string) {
	_, msg, hint := pattern(args, everyMatch)
	if msg != "" {
		return msg, hint
	}
	if r, ok := literal(args[2]); !ok || strings.ContainsAny(r, `$\`) {
		return "the replacement must be a literal without $ or \\", "group references are not offered; replace with plain text"
	}
	return "", ""
}
