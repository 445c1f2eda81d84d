package localengine

import (
	"math"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

// jsonStrict evaluate json_get: try_variant_get(try_parse_json(s), path,
// type), Spark's TRY cast of the value at path (NULL where it fails).
var jsonStrict = map[ir.Func]scalarFn{ir.FuncJSONGet: jsonGet(parseJSON41)}

// jsonNonStrict compile json_valid: false for NULL.
var jsonNonStrict = map[ir.Func]func(args []evalFn) evalFn{ir.FuncJSONValid: jsonValid(parseJSON41)}

// jsonGet is json_get over the texts parse reads.
func jsonGet(parse func(string) (any, bool)) scalarFn {
	return func(a []any) any {
		v, ok := parse(a[0].(string))
		if !ok {
			return nil
		}
		steps, err := ir.ParseJSONPath(a[1].(string))
		if err != nil {
			return nil // refused by schema inference
		}
		for _, st := range steps {
			if v, ok = jsonStep(v, st); !ok {
				return nil
			}
		}
		return jsonCast(v, a[2].(string))
	}
}

// jsonValid is json_valid over the texts parse reads.
func jsonValid(parse func(string) (any, bool)) func(args []evalFn) evalFn {
	return func(args []evalFn) evalFn {
		return func(r Row) any {
			switch v := args[0](r).(type) {
			case *EvalError:
				return v
			case string:
				_, ok := parse(v)
				return ok
			}
			return false
		}
	}
}

// jsonStep is the field or element st of v.
func jsonStep(v any, st ir.JSONStep) (any, bool) {
	switch x := v.(type) {
	case *jsonObject:
		for i, k := range x.keys {
			if !st.IsIndex && k == st.Key {
				return x.vals[i], true
			}
		}
	case []any:
		if st.IsIndex && st.Index < len(x) {
			return x[st.Index], true
		}
	}
	return nil, false
}

// jsonCast converts a JSON value to the Spark type named, as a TRY cast:
// NULL for JSON null and what does not convert.
func jsonCast(v any, typ string) any {
	switch typ {
	case "string":
		switch x := v.(type) {
		case string:
			return x
		case jsonNull:
			return nil
		case float64: // a scalar double is not quoted when NaN or infinite
			if math.IsInf(x, 0) || math.IsNaN(x) {
				return strings.Trim(string(appendJavaDouble(nil, x)), `"`)
			}
		}
		return string(appendJSON(nil, v))
	case "boolean":
		return jsonBool(v)
	case "bigint":
		return jsonInt(v, math.MinInt64, math.MaxInt64)
	case "int":
		if n, ok := jsonInt(v, math.MinInt32, math.MaxInt32).(int64); ok {
			return int32(n)
		}
	}
	return nil
}

// appendJSON writes v as Spark's variant to_json does: compact, keys in
// order, decimals without trailing zeros, doubles as Java writes them.
func appendJSON(b []byte, v any) []byte {
	switch x := v.(type) {
	case jsonNull:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, x)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case decimal.Decimal:
		return append(b, x.String()...)
	case float64:
		return appendJavaDouble(b, x)
	case string:
		return jacksonQuote(b, x)
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSON(b, e)
		}
		return append(b, ']')
	case *jsonObject:
		b = append(b, '{')
		for i, k := range x.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(jacksonQuote(b, k), ':')
			b = appendJSON(b, x.vals[i])
		}
		return append(b, '}')
	}
	return b
}

// jsonBool is Spark's cast to boolean: numbers are true unless zero,
// strings (trimmed) t, true, y, yes, 1 or f, false, n, no, 0 in any case.
func jsonBool(v any) any {
	switch x := v.(type) {
	case bool:
		return x
	case int64:
		return x != 0
	case decimal.Decimal:
		return !x.IsZero()
	case float64:
		return x != 0
	case string:
		switch strings.ToLower(trimControl(x)) {
		case "t", "true", "y", "yes", "1":
			return true
		case "f", "false", "n", "no", "0":
			return false
		}
	}
	return nil
}

// jsonInt is Spark's TRY cast to an integer in [lo, hi]: numbers
// truncated toward zero, strings (trimmed) of an optional sign and digits.
func jsonInt(v any, lo, hi int64) any {
	var d decimal.Decimal
	switch x := v.(type) {
	case bool:
		d = decimal.NewFromInt(int64(boolInt(x)))
	case int64:
		d = decimal.NewFromInt(x)
	case decimal.Decimal:
		d = x
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
		d = decimal.NewFromFloat(x)
	case string:
		t := strings.TrimPrefix(trimControl(x), "+")
		if t == "" || strings.Trim(strings.TrimPrefix(t, "-"), "0123456789") != "" || strings.TrimPrefix(t, "-") == "" {
			return nil
		}
		var err error
		if d, err = decimal.NewFromString(t); err != nil {
			return nil
		}
	default:
		return nil
	}
	d = d.Truncate(0)
	if d.LessThan(decimal.NewFromInt(lo)) || d.GreaterThan(decimal.NewFromInt(hi)) {
		return nil
	}
	return d.IntPart()
}

// trimControl trims the bytes up to space (whitespace and ASCII control
// characters), as Spark's casts from strings do.
func trimControl(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
}
