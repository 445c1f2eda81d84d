package localengine

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
)

// EvalError is an expression failing on one row the way Spark's ANSI mode
// fails the query (spark.sql.ansi.enabled, on by default in Spark 4): a
// division by zero, an arithmetic overflow, a cast of text that is no
// number. Class is Spark's error class (DIVIDE_BY_ZERO,
// ARITHMETIC_OVERFLOW, CAST_INVALID_INPUT, ...).
//
// Inside the engine an EvalError travels as the value of the expression
// that raised it: every function whose argument is one returns it
// unevaluated, and the operator that reads it fails the batch.
type EvalError struct {
	Class   string
	Message string
}

// Error is the class and the message.
func (e *EvalError) Error() string { return e.Class + ": " + e.Message }

// evalErr returns an *EvalError of class with a formatted message.
func evalErr(class, format string, args ...any) *EvalError {
	return &EvalError{Class: class, Message: fmt.Sprintf(format, args...)}
}

// Scalar compiles the scalar expression e over the columns of s as Spark
// line gives it (profile.SparkLines; "" is profile.DefaultSparkLine), for
// tools that evaluate expressions row by row outside a query (the
// differential function corpus, internal/funcverdicts). The function it
// returns gives a row's value (nil is NULL) or, when Spark would fail the
// query on that row, the *EvalError.
func Scalar(e *ir.Expr, s *Schema, line string) (func(Row) (any, error), error) {
	f, err := exprs{line: line}.compile(e, s)
	if err != nil {
		return nil, err
	}
	return func(r Row) (any, error) {
		v := f(r)
		if ee, ok := v.(*EvalError); ok {
			return nil, ee
		}
		return v, nil
	}, nil
}

// rowFailure holds the first row error of a batch: the operators'
// expressions record it (guard) and the query fails the batch with it,
// as Spark fails the micro-batch, leaving nothing of it committed.
type rowFailure struct{ err *EvalError }

// guard wraps an expression an operator evaluates: a row error is
// recorded for the batch and the row goes on as NULL (the batch fails
// anyway).
func (c *compiler) guard(f evalFn) evalFn {
	if f == nil {
		return nil
	}
	fail := c.failure
	return func(r Row) any {
		v := f(r)
		if e, ok := v.(*EvalError); ok {
			if fail.err == nil {
				fail.err = e
			}
			return nil
		}
		return v
	}
}
