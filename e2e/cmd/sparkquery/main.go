// Command sparkquery runs SQL statements on a Spark Connect server with
// apache/spark-connect-go and prints each result as a table, for `make
// demo-spark` and `make bench-spark`.
//
//	go run ./e2e/cmd/sparkquery "SELECT * FROM curated.customer_order_windows ORDER BY 1, 2"
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/apache/spark-connect-go/spark/sql"
	"github.com/apache/spark-connect-go/spark/sql/types"
)

func main() {
	remote := flag.String("remote", envOr("ETLGEN_SPARK_REMOTE", "sc://127.0.0.1:15002"), "Spark Connect URL")
	flag.BoolVar(&raw, "raw", false, "print rows only, tab-separated, for scripts")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	s, err := sql.NewSessionBuilder().Remote(*remote).Build(ctx)
	if err != nil {
		fail(err)
	}
	defer s.Stop()
	for _, q := range flag.Args() {
		if err := show(ctx, s, q); err != nil {
			fail(err)
		}
	}
}

var raw bool

func show(ctx context.Context, s sql.SparkSession, query string) error {
	df, err := s.Sql(ctx, query)
	if err != nil {
		return err
	}
	if df, err = asStrings(ctx, df); err != nil {
		return err
	}
	rows, err := df.Collect(ctx)
	if err != nil {
		return err
	}
	if raw {
		for _, r := range rows {
			fmt.Println(strings.Join(cells(r), "\t"))
		}
		return nil
	}
	fmt.Printf("> %s\n", query)
	if len(rows) == 0 {
		fmt.Println("(no rows)")
		return nil
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, strings.Join(rows[0].FieldNames(), "\t"))
	for _, r := range rows {
		fmt.Fprintln(w, strings.Join(cells(r), "\t"))
	}
	fmt.Fprintf(w, "(%d rows)\n\n", len(rows))
	return w.Flush()
}

// asStrings casts every column to STRING on the server, so timestamps and
// decimals print as Spark renders them (session time zone UTC on the stack).
func asStrings(ctx context.Context, df sql.DataFrame) (sql.DataFrame, error) {
	cols, err := df.Columns(ctx)
	if err != nil || len(cols) == 0 {
		return df, err
	}
	exprs := make([]string, len(cols))
	for i, c := range cols {
		q := "`" + strings.ReplaceAll(c, "`", "``") + "`"
		exprs[i] = "CAST(" + q + " AS STRING) AS " + q
	}
	return df.SelectExpr(ctx, exprs...)
}

func cells(r types.Row) []string {
	out := make([]string, r.Len())
	for i, v := range r.Values() {
		out[i] = cell(v)
	}
	return out
}

func cell(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case time.Time:
		return x.UTC().Format(time.RFC3339Nano)
	case []byte:
		return string(x)
	default:
		return fmt.Sprint(x)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "sparkquery:", err)
	os.Exit(1)
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
