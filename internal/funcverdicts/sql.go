package funcverdicts

import (
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/shopspring/decimal"
)

// Query is a case as Spark runs it: the expression as the generated
// program writes it (pyspark.SQLExpr) over an inline table of the case's
// rows, each cell an exact SQL literal of its column's type.
type Query struct {
	// Expr is the expression's Spark SQL.
	Expr string `json:"expr"`
	// Table is the alias of the inline table: t(__i, <columns>), __i the
	// row's index.
	Table string `json:"table"`
	// Rows are the rows, each a parenthesised tuple of literals.
	Rows []string `json:"rows"`
}

// QueryOf builds the query of c.
func QueryOf(c Case) (Query, error) {
	names := []string{"__i"}
	for _, v := range c.Cols {
		names = append(names, sparksql.QuoteIdent(v.Name))
	}
	q := Query{Expr: pyspark.SQLExpr(c.Expr), Table: "t(" + strings.Join(names, ", ") + ")"}
	for i, row := range c.Rows {
		if len(row) != len(c.Cols) {
			return Query{}, fmt.Errorf("case %s row %d: %d values for %d columns", c.Name, i, len(row), len(c.Cols))
		}
		cells := []string{strconv.Itoa(i)}
		for j, v := range row {
			cell, err := literal(v, c.Cols[j].Type)
			if err != nil {
				return Query{}, fmt.Errorf("case %s row %d column %s: %w", c.Name, i, c.Cols[j].Name, err)
			}
			cells = append(cells, cell)
		}
		q.Rows = append(q.Rows, "("+strings.Join(cells, ", ")+")")
	}
	return q, nil
}

// literal writes v as an exact Spark SQL literal of type t: strings by
// their bytes (invalid UTF-8 survives), timestamps and dates by their
// count of microseconds and days, doubles and decimals by a cast of their
// exact text.
func literal(v any, t contracts.Type) (string, error) {
	typ := sparksql.SQLType(t)
	if v == nil {
		return "CAST(NULL AS " + typ + ")", nil
	}
	castText := func(s string) string { return "CAST('" + s + "' AS " + typ + ")" }
	switch x := v.(type) {
	case string:
		return "CAST(X'" + strings.ToUpper(hex.EncodeToString([]byte(x))) + "' AS STRING)", nil
	case bool:
		return strings.ToUpper(strconv.FormatBool(x)), nil
	case int32:
		return castText(strconv.FormatInt(int64(x), 10)), nil
	case int64:
		return castText(strconv.FormatInt(x, 10)), nil
	case float64:
		if x == 0 && math.Signbit(x) {
			return castText("-0.0"), nil
		}
		return castText(float(x)), nil
	case decimal.Decimal:
		return castText(x.String()), nil
	case time.Time:
		return fmt.Sprintf("timestamp_micros(%d)", x.UnixMicro()), nil
	case contracts.Date:
		return fmt.Sprintf("date_from_unix_date(%d)", x.Time().Unix()/86400), nil
	}
	return "", fmt.Errorf("no SQL literal for Go value %T", v)
}
