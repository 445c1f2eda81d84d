package funcverdicts

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/shopspring/decimal"
)

// Both engines' answers are written in one canonical text per value, so
// that equal text means equal value: strings quoted byte for byte (invalid
// UTF-8 as \x escapes), timestamps to the microsecond in UTC, dates as
// days, doubles in their shortest exact form keeping -0 and NaN, decimals
// with their type's scale. NULL is "NULL" and a row Spark fails on is
// "error: <Spark error class>".

// Null is the canonical text of NULL.
const Null = "NULL"

// errorText is the canonical text of a row that fails with class.
func errorText(class string) string { return "error: " + class }

// longString is the length past which a string is written as its start,
// its length and a digest: the recordings stay readable.
const longString = 96

// typeName is Spark's simpleString of a contract type (bigint,
// decimal(18,2), ...), the type both engines' results are named by.
func typeName(t contracts.Type) string { return strings.ToLower(sparksql.SQLType(t)) }

// canonGo writes a local engine's value of type t.
func canonGo(v any, t contracts.Type) string {
	if v == nil {
		return Null
	}
	bad := fmt.Sprintf("Go value %T(%v) for a %s", v, v, typeName(t))
	switch t.Kind {
	case contracts.KindString:
		if s, ok := v.(string); ok {
			return quote(s)
		}
	case contracts.KindBool:
		if b, ok := v.(bool); ok {
			return strconv.FormatBool(b)
		}
	case contracts.KindInt32:
		if n, ok := v.(int32); ok {
			return strconv.FormatInt(int64(n), 10)
		}
	case contracts.KindInt64:
		if n, ok := v.(int64); ok {
			return strconv.FormatInt(n, 10)
		}
	case contracts.KindFloat64:
		if f, ok := v.(float64); ok {
			return float(f)
		}
	case contracts.KindDecimal:
		if d, ok := v.(decimal.Decimal); ok {
			return d.StringFixed(int32(t.Scale))
		}
	case contracts.KindTimestamp:
		if tm, ok := v.(time.Time); ok {
			return micros(tm.UnixMicro())
		}
	case contracts.KindDate:
		if d, ok := v.(contracts.Date); ok {
			return d.String()
		}
	}
	return bad
}

// CanonSpark writes a value the harness read from Spark in its raw form
// (raw is nil for NULL): strings as the hex of their bytes, timestamps as
// unix microseconds, dates as unix days, doubles as the hex of their IEEE
// bits, the others as Spark's CAST(x AS STRING).
func CanonSpark(raw *string, typ string) (string, error) {
	if raw == nil {
		return Null, nil
	}
	r := *raw
	switch {
	case typ == "string":
		b, err := hex.DecodeString(r)
		return quote(string(b)), err
	case typ == "timestamp":
		n, err := strconv.ParseInt(r, 10, 64)
		return micros(n), err
	case typ == "date":
		n, err := strconv.ParseInt(r, 10, 64)
		return time.Unix(n*86400, 0).UTC().Format(time.DateOnly), err
	case typ == "double":
		bits, err := strconv.ParseUint(r, 16, 64)
		return float(math.Float64frombits(bits)), err
	}
	return r, nil
}

// quote writes a string as a Go literal; a long one as its start, length
// and digest.
func quote(s string) string {
	if len(s) <= longString {
		return strconv.Quote(s)
	}
	sum := sha256.Sum256([]byte(s))
	return fmt.Sprintf("%s... (%d bytes, sha256 %x)", strconv.Quote(s[:longString/2]), len(s), sum[:8])
}

// micros writes a timestamp in UTC to the microsecond.
func micros(us int64) string {
	return time.UnixMicro(us).UTC().Format("2006-01-02T15:04:05.000000Z07:00")
}

// float writes a double exactly: shortest round-trip digits, -0 kept, NaN
// and the infinities by name.
func float(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
