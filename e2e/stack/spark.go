package stack

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/apache/spark-connect-go/spark/sql"
	"github.com/apache/spark-connect-go/spark/sql/types"
)

// Session is a Spark Connect session for a test.
type Session struct {
	sql.SparkSession
	t testing.TB
}

// Spark connects to the stack's Spark Connect server; the session is stopped
// when the test ends.
func Spark(t testing.TB) *Session {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := sql.NewSessionBuilder().Remote(SparkRemote()).Build(ctx)
	if err != nil {
		t.Fatalf("connect to Spark at %s: %v", SparkRemote(), err)
	}
	t.Cleanup(func() { _ = s.Stop() })
	return &Session{SparkSession: s, t: t}
}

// Rows runs a query and collects its rows; a failure fails the test.
func (s *Session) Rows(ctx context.Context, query string) []types.Row {
	s.t.Helper()
	rows, err := s.Query(ctx, query)
	if err != nil {
		s.t.Fatal(err)
	}
	return rows
}

// Query runs a query and collects its rows.
func (s *Session) Query(ctx context.Context, query string) ([]types.Row, error) {
	df, err := s.Sql(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("spark sql %s: %w", short(query), err)
	}
	rows, err := df.Collect(ctx)
	if err != nil {
		return nil, fmt.Errorf("collect %s: %w", short(query), err)
	}
	return rows, nil
}

// Exec runs a statement (DDL, MERGE, ...); a failure fails the test.
func (s *Session) Exec(ctx context.Context, stmt string) {
	s.t.Helper()
	if _, err := s.Query(ctx, stmt); err != nil {
		s.t.Fatal(err)
	}
}

// DropTableAtCleanup drops table (IF EXISTS) when the test ends.
func (s *Session) DropTableAtCleanup(table string) {
	s.t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		_, _ = s.Query(ctx, "DROP TABLE IF EXISTS "+table)
	})
}

func short(q string) string {
	if len(q) > 120 {
		return fmt.Sprintf("%q...", q[:120])
	}
	return fmt.Sprintf("%q", q)
}
