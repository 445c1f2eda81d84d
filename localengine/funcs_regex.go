package localengine

import (
	"regexp"
	"sync"

	"github.com/etlgen/etlgen/contracts/regex"
	"github.com/etlgen/etlgen/framework/ir"
)

// regexStrict evaluate the regular-expression functions on the Java
// string of the subject (javaString), with the pattern compiled to Java's
// meaning by package contracts/regex (schema inference refused the
// patterns outside the subset).
var regexStrict = map[ir.Func]scalarFn{
	ir.FuncRLike: regexFn(false, func(re *regexp.Regexp, s string, _ []any) any {
		return re.MatchString(s)
	}),
	ir.FuncRegexpExtract: regexFn(false, func(re *regexp.Regexp, s string, a []any) any {
		g, _ := asInt(a[2])
		m := re.FindStringSubmatchIndex(s)
		if m == nil || int(2*g+1) >= len(m) || m[2*g] < 0 {
			return ""
		}
		return s[m[2*g]:m[2*g+1]]
	}),
	ir.FuncRegexpReplace: regexFn(true, func(re *regexp.Regexp, s string, a []any) any {
		return re.ReplaceAllLiteralString(s, a[2].(string))
	}),
	ir.FuncRegexpCount: regexFn(true, func(re *regexp.Regexp, s string, _ []any) any {
		return int32(len(re.FindAllStringIndex(s, -1)))
	}),
	ir.FuncRegexpSubstr: regexFn(false, func(re *regexp.Regexp, s string, _ []any) any {
		if m := re.FindString(s); m != "" {
			return m
		}
		return nil
	}),
}

// regexCache caches compiled patterns by compiler and text.
var regexCache sync.Map

type compiledKey struct {
	findAll bool
	pattern string
}

// regexFn applies f to the compiled pattern (argument 1) and the subject
// (argument 0); findAll compiles for functions that use every match. NULL
// for a pattern the subset refuses.
func regexFn(findAll bool, f func(re *regexp.Regexp, s string, a []any) any) scalarFn {
	compile := regex.Compile
	if findAll {
		compile = regex.CompileFindAll
	}
	return func(a []any) any {
		key := compiledKey{findAll: findAll, pattern: a[1].(string)}
		v, ok := regexCache.Load(key)
		if !ok {
			re, err := compile(key.pattern)
			if err != nil {
				return nil
			}
			v, _ = regexCache.LoadOrStore(key, re)
		}
		return f(v.(*regexp.Regexp), javaString(a[0].(string)), a)
	}
}
