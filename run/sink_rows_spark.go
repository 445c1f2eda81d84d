package run

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/apache/spark-connect-go/spark/sql"

	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// readSparkTable reads a Delta or Iceberg sink of a Spark profile through
// Spark Connect, in the program's session conf (an Iceberg table's catalog
// included): the first rows as JSON (to_json, as the table holds them) and
// the row count.
func readSparkTable(ctx context.Context, m *planner.Model, q *planner.Query, r *SinkRows, limit int) error {
	s, err := openSparkSession(ctx, m)
	if err != nil {
		return err
	}
	defer s.Stop()
	table := tableRelation(q)
	query := "SELECT to_json(struct(*)) FROM " + table
	if limit <= math.MaxInt32 { // Spark's LIMIT takes an INT: a larger limit is none (replay reads every row)
		query += fmt.Sprintf(" LIMIT %d", limit)
	}
	rows, err := collect(ctx, s, query)
	if err != nil {
		return err
	}
	for _, row := range rows {
		if v, ok := row.(string); ok {
			r.Rows = append(r.Rows, json.RawMessage(v))
		}
	}
	count, err := collect(ctx, s, "SELECT count(*) FROM "+table)
	if err != nil {
		return err
	}
	if len(count) == 1 {
		if n, ok := count[0].(int64); ok {
			r.Total = n
		}
	}
	return nil
}

// openSparkSession connects to the model's Spark Connect server in the
// program's session conf (setSessionConf); the caller stops it.
func openSparkSession(ctx context.Context, m *planner.Model) (sql.SparkSession, error) {
	if m.Session == nil || m.Session.Remote == "" {
		return nil, errors.New("the profile names no Spark Connect server")
	}
	remote, err := connectURL(m.Session)
	if err != nil {
		return nil, err
	}
	s, err := sql.NewSessionBuilder().Remote(remote).Build(ctx)
	if err != nil {
		return nil, fmt.Errorf("connect to %s: %w", m.Session.Remote, err)
	}
	if err := setSessionConf(ctx, s, m.Session); err != nil {
		s.Stop()
		return nil, err
	}
	return s, nil
}

// setSessionConf sets the session conf the program sets (the session time
// zone, the S3A settings of the profile's s3 resource), the values it reads
// from the environment included, so that a table on s3a:// reads and its
// timestamps render as the program sees them. A variable that is not set
// is an error naming it, never its value.
func setSessionConf(ctx context.Context, s sql.SparkSession, sess *planner.Session) error {
	conf := maps.Clone(sess.Conf)
	for _, k := range slices.Sorted(maps.Keys(sess.ConfEnv)) {
		name := sess.ConfEnv[k]
		v, ok := os.LookupEnv(name)
		if !ok {
			return fmt.Errorf("session conf %s: environment variable %s is not set", k, name)
		}
		conf[k] = v
	}
	for _, k := range slices.Sorted(maps.Keys(conf)) {
		err := s.Config().Set(ctx, k, conf[k])
		switch {
		case err == nil:
		case sess.ConfEnv[k] != "": // the server's message may quote the value
			return fmt.Errorf("set session conf %s (from environment variable %s): the server refused the value", k, sess.ConfEnv[k])
		default:
			return fmt.Errorf("set session conf %s: %w", k, err)
		}
	}
	return nil
}

// collect runs a query and returns the first column of every row.
func collect(ctx context.Context, s sql.SparkSession, query string) ([]any, error) {
	df, err := s.Sql(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", query, err)
	}
	rows, err := df.Collect(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", query, err)
	}
	out := make([]any, 0, len(rows))
	for _, row := range rows {
		if row.Len() > 0 {
			out = append(out, row.At(0))
		}
	}
	return out, nil
}

// tableRelation is the SQL name of a table sink as the program writes it
// (pyspark.SinkRelation): an Iceberg table's catalog.namespace.table, a
// Delta table's delta.`path`, else its quoted catalog table.
func tableRelation(q *planner.Query) string { return pyspark.SinkRelation(&q.Sink) }

// connectURL is the session's Connect URL with the parameters it reads
// from the environment (a token) appended, URL-encoded, as the program's
// runtime builds it (etlgen_runtime.connect_url); a variable that is not
// set is an error naming it. spark-connect-go splits the decoded URL path
// on ';' and '=', so a value holding either cannot be passed: an error
// too, rather than a parameter the client silently drops. The URL is never
// printed.
func connectURL(s *planner.Session) (string, error) {
	u := s.Remote
	for _, k := range slices.Sorted(maps.Keys(s.RemoteEnv)) {
		name := s.RemoteEnv[k]
		v, ok := os.LookupEnv(name)
		if !ok {
			return "", fmt.Errorf("Spark Connect URL parameter %s: environment variable %s is not set", k, name)
		}
		if strings.ContainsAny(v, ";=") {
			return "", fmt.Errorf("Spark Connect URL parameter %s: the value of %s holds ';' or '=', which the Go Spark Connect client cannot pass", k, name)
		}
		if !strings.Contains(u, "/;") {
			u = strings.TrimRight(u, "/") + "/"
		}
		u += ";" + k + "=" + url.PathEscape(v)
	}
	return u, nil
}
