package localengine

import (
	"math"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// kafkaTimestamp is the timestamp form of a Kafka sink's JSON, the Spark
// engine's to_json timestampFormat yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX in UTC.
const kafkaTimestamp = "2006-01-02T15:04:05.000000Z07:00"

// KafkaValue renders a row as the value of a kafka-json sink's record,
// byte for byte what the Spark engine's to_json(struct(...)) writes:
// columns in schema order, NULL as null, decimals at the column's scale,
// timestamps with microseconds in UTC, strings escaped as Jackson does
// (quote, backslash and control characters only).
func KafkaValue(s *Schema, r Row) []byte { return kafkaStruct(nil, s.Cols, r) }

// KafkaKey renders a record key from the key columns: one column as Spark
// casts it to string, several as a JSON object of them; nil (a NULL key)
// without key columns or when the one key column is NULL.
func KafkaKey(s *Schema, r Row, cols []string) []byte {
	if len(cols) == 0 {
		return nil
	}
	sub := make([]Column, len(cols))
	vals := make(Row, len(cols))
	for i, c := range cols {
		j := s.Index(c)
		sub[i], vals[i] = s.Cols[j], r[j]
	}
	if len(cols) > 1 {
		return kafkaStruct(nil, sub, vals)
	}
	return kafkaText(vals[0], sub[0].Type)
}

// kafkaText is a value cast to string as Spark casts it; nil for NULL.
func kafkaText(v any, t contracts.Type) []byte {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		return []byte(x)
	case time.Time:
		return []byte(sparkTimestampText(x))
	case contracts.Date:
		return []byte(x.String())
	}
	return kafkaJSONValue(nil, v, t)
}

// sparkTimestampText is CAST(timestamp AS STRING) in UTC: seconds, then
// the fraction without trailing zeros.
func sparkTimestampText(t time.Time) string {
	return t.UTC().Format("2006-01-02 15:04:05.999999")
}

func kafkaStruct(b []byte, cols []Column, r Row) []byte {
	b = append(b, '{')
	for i, c := range cols {
		if i > 0 {
			b = append(b, ',')
		}
		b = jacksonQuote(b, c.Name)
		b = append(b, ':')
		b = kafkaJSONValue(b, r[i], c.Type)
	}
	return append(b, '}')
}

func kafkaJSONValue(b []byte, v any, t contracts.Type) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		return jacksonQuote(b, x)
	case decimal.Decimal:
		if t.Kind == contracts.KindDecimal {
			return append(b, x.StringFixed(int32(t.Scale))...)
		}
		return append(b, x.String()...)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case int32:
		return strconv.AppendInt(b, int64(x), 10)
	case bool:
		return strconv.AppendBool(b, x)
	case float64:
		return appendJavaDouble(b, x)
	case time.Time:
		return append(x.UTC().AppendFormat(append(b, '"'), kafkaTimestamp), '"')
	case contracts.Date:
		return jacksonQuote(b, x.String())
	case map[string]any:
		return kafkaMap(b, x, t)
	case []any:
		b = append(b, '[')
		var et contracts.Type
		if t.Elem != nil {
			et = *t.Elem
		}
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = kafkaJSONValue(b, e, et)
		}
		return append(b, ']')
	}
	return appendValue(b, v, t)
}

// kafkaMap renders a struct value, fields in the type's order.
func kafkaMap(b []byte, m map[string]any, t contracts.Type) []byte {
	b = append(b, '{')
	for i, f := range t.Fields {
		if i > 0 {
			b = append(b, ',')
		}
		b = jacksonQuote(b, f.Name)
		b = append(b, ':')
		b = kafkaJSONValue(b, m[f.Name], f.Type)
	}
	return append(b, '}')
}

// appendJavaDouble renders a double as Jackson does (Java's
// Double.toString): 1.5, 1.0, 1.0E10, 1.0E-4.
func appendJavaDouble(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, `"NaN"`...)
	case math.IsInf(f, 1):
		return append(b, `"Infinity"`...)
	case math.IsInf(f, -1):
		return append(b, `"-Infinity"`...)
	}
	if a := math.Abs(f); a == 0 || (a >= 1e-3 && a < 1e7) {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if f == math.Trunc(f) {
			s += ".0"
		}
		return append(b, s...)
	}
	s := strconv.FormatFloat(f, 'E', -1, 64) // 1E+10, 1.5E-04
	mant, exp := s, ""
	for i := range s {
		if s[i] == 'E' {
			mant, exp = s[:i], s[i+1:]
		}
	}
	if !containsDot(mant) {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return strconv.AppendInt(append(append(b, mant...), 'E'), int64(e), 10)
}

func containsDot(s string) bool {
	for i := range s {
		if s[i] == '.' {
			return true
		}
	}
	return false
}

// jacksonQuote quotes a string as Jackson's generator does: quote and
// backslash escaped, control characters as \n \r \t \b \f or \u00XX,
// every other character (non-ASCII included) as is.
func jacksonQuote(b []byte, s string) []byte {
	const hex = "0123456789ABCDEF"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			b = utf8.AppendRune(b, r)
			i += n
			continue
		}
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		default:
			if c < 0x20 {
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			} else {
				b = append(b, c)
			}
		}
		i++
	}
	return append(b, '"')
}
