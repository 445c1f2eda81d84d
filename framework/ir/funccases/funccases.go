// Package funccases holds the function cases answered by Spark 4.1.1 (ANSI
// mode, session time zone UTC): one call of an IR function on literal
// arguments, with the type and the value Spark gave, or the error it
// raised. The local engine's tests evaluate them offline, package infer's
// check the types and the refusals, and a live pyspark test (ETLGEN_STACK=1)
// asks Spark again.
//
// The answers in spark41.json were observed on Spark 4.1.1 on the stack.
// It is the stopgap until the differential corpus of issue 31 takes the
// cases over.
package funccases

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

//go:embed spark41.json
var spark41 []byte

// Case is one function call and Spark's answer.
type Case struct {
	// F is the IR function.
	F ir.Func `json:"f"`
	// Args are the literal arguments as kind:value (int32:-7,
	// decimal(5,2):1.25, timestamp:2024-01-01T00:00:00Z, string:SECOND).
	Args []string `json:"args"`
	// Type is Spark's typeof of the result (int, bigint, double,
	// decimal(p,s), date, timestamp); empty for an error.
	Type string `json:"type,omitempty"`
	// Want is the value's text: an integer, a double as Go's ParseFloat
	// reads it (NaN, +Inf, -0), a decimal, a date (YYYY-MM-DD) or a
	// timestamp (RFC 3339, UTC).
	Want string `json:"want,omitempty"`
	// Error is Spark's error class (REMAINDER_BY_ZERO) or the diagnostic
	// code (ETL-D229) of a call etlgen refuses; the local engine never
	// evaluates such a case.
	Error string `json:"error,omitempty"`
	// Note says why a case is there, when its input does not.
	Note string `json:"note,omitempty"`
}

// Spark41 returns the cases.
func Spark41() ([]Case, error) {
	var cs []Case
	if err := json.Unmarshal(spark41, &cs); err != nil {
		return nil, fmt.Errorf("read function cases: %w", err)
	}
	return cs, nil
}

// Name names a case in test output: f(args).
func (c Case) Name() string { return string(c.F) + "(" + strings.Join(c.Args, ", ") + ")" }

// Expr is the call as IR, on literal arguments.
func (c Case) Expr() (*ir.Expr, error) {
	e := &ir.Expr{Kind: ir.ExprCall, Name: string(c.F)}
	for _, a := range c.Args {
		kind, value, ok := strings.Cut(a, ":")
		if !ok {
			return nil, fmt.Errorf("case %s: argument %q is not kind:value", c.Name(), a)
		}
		t, err := ParseType(kind)
		if err != nil {
			return nil, fmt.Errorf("case %s: %w", c.Name(), err)
		}
		e.Args = append(e.Args, &ir.Expr{Kind: ir.ExprLiteral, Value: value, Type: &t})
	}
	return e, nil
}

var decimalRe = regexp.MustCompile(`^decimal\((\d+),(\d+)\)$`)

// ParseType reads a kind of the case file (int32, float64, decimal(p,s),
// ...) or a Spark typeof name (int, bigint, double).
func ParseType(s string) (contracts.Type, error) {
	if m := decimalRe.FindStringSubmatch(s); m != nil {
		p, _ := strconv.Atoi(m[1])
		sc, _ := strconv.Atoi(m[2])
		return contracts.Type{Kind: contracts.KindDecimal, Precision: p, Scale: sc}, nil
	}
	kinds := map[string]contracts.Kind{
		"int32": contracts.KindInt32, "int": contracts.KindInt32,
		"int64": contracts.KindInt64, "bigint": contracts.KindInt64,
		"float64": contracts.KindFloat64, "double": contracts.KindFloat64,
		"string": contracts.KindString, "date": contracts.KindDate, "timestamp": contracts.KindTimestamp,
		"bool": contracts.KindBool, "boolean": contracts.KindBool,
	}
	k, ok := kinds[s]
	if !ok {
		return contracts.Type{}, fmt.Errorf("unknown type %q", s)
	}
	return contracts.Type{Kind: k}, nil
}

// Same compares two answers' texts of a result of kind k: doubles bit for
// bit (any NaN equals NaN, -0 differs from 0), decimals by value,
// timestamps as instants (RFC 3339, or Spark's "2006-01-02 15:04:05.999999"
// in UTC), other kinds as text.
func Same(k contracts.Kind, got, want string) bool {
	switch k {
	case contracts.KindFloat64:
		g, err1 := strconv.ParseFloat(got, 64)
		w, err2 := strconv.ParseFloat(want, 64)
		return err1 == nil && err2 == nil && (math.Float64bits(g) == math.Float64bits(w) || math.IsNaN(g) && math.IsNaN(w))
	case contracts.KindDecimal:
		g, err1 := decimal.NewFromString(got)
		w, err2 := decimal.NewFromString(want)
		return err1 == nil && err2 == nil && g.Equal(w)
	case contracts.KindTimestamp:
		g, ok1 := instant(got)
		w, ok2 := instant(want)
		return ok1 && ok2 && g.Equal(w)
	}
	return got == want
}

// instant reads a timestamp in RFC 3339 or in Spark's string form (UTC).
func instant(s string) (time.Time, bool) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, true
	}
	t, err := time.Parse("2006-01-02 15:04:05.999999", s)
	return t, err == nil
}
