package localengine

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// EncodeRow renders a row as one JSON object, columns in schema order:
// decimals as JSON numbers at the column's scale (as Spark's JSON writer),
// timestamps RFC 3339 in UTC, structs as objects, NULL as null.
func EncodeRow(s *Schema, r Row) []byte { return appendRow(nil, s, r) }

// appendRow appends the JSON object of r (EncodeRow) to b.
func appendRow(b []byte, s *Schema, r Row) []byte { return appendRowKeys(b, s, rowKeys(s), r) }

// rowKeys are what appendRow writes before each column's value of a row
// of s: a comma but for the first, the quoted name, a colon.
func rowKeys(s *Schema) []string {
	keys := make([]string, len(s.Cols))
	for i, c := range s.Cols {
		var b []byte
		if i > 0 {
			b = append(b, ',')
		}
		keys[i] = string(append(strconv.AppendQuote(b, c.Name), ':'))
	}
	return keys
}

// appendRowKeys is appendRow with the rowKeys of s, computed once for
// many rows.
func appendRowKeys(b []byte, s *Schema, keys []string, r Row) []byte {
	b = append(b, '{')
	for i, c := range s.Cols {
		b = appendValue(append(b, keys[i]...), r[i], c.Type)
	}
	return append(b, '}')
}

func appendValue(b []byte, v any, t contracts.Type) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		if plainJSON(x) {
			return append(append(append(b, '"'), x...), '"')
		}
		q, _ := json.Marshal(x)
		return append(b, q...)
	case decimal.Decimal:
		if t.Kind == contracts.KindDecimal {
			return appendFixed(b, x, int32(t.Scale))
		}
		return append(b, x.String()...)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case int32:
		return strconv.AppendInt(b, int64(x), 10)
	case bool:
		return strconv.AppendBool(b, x)
	case time.Time:
		// RFC 3339 has nothing to escape: the quoted text as is.
		return append(x.UTC().AppendFormat(append(b, '"'), time.RFC3339Nano), '"')
	case contracts.Date:
		return strconv.AppendQuote(b, x.String())
	case map[string]any:
		return appendStruct(b, x, t)
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			var et contracts.Type
			if t.Elem != nil {
				et = *t.Elem
			}
			b = appendValue(b, e, et)
		}
		return append(b, ']')
	}
	q, _ := json.Marshal(v)
	return append(b, q...)
}

// plainJSON reports whether json.Marshal writes s as it is between quotes:
// printable ASCII without a quote, a backslash or a character it escapes
// for HTML (<, >, &).
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c >= 0x7f, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		}
	}
	return true
}

func appendStruct(b []byte, m map[string]any, t contracts.Type) []byte {
	b = append(b, '{')
	first := true
	for _, f := range t.Fields {
		v, ok := m[f.Name]
		if !ok {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = strconv.AppendQuote(b, f.Name)
		b = append(b, ':')
		b = appendValue(b, v, f.Type)
	}
	return append(b, '}')
}
