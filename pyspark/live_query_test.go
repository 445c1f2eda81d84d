package pyspark_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/etlgen/etlgen/e2e/stack"
)

// querier is one testdata/live/query.py process of a live test: SQL lines
// in, one JSON line of rows out per statement, over one Spark Connect
// session for the whole test (a process and a session per query cost a
// Python start and a session each, 70 times in the package).
type querier struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr bytes.Buffer
}

// startQuerier starts query.py with the interpreter py.
func startQuerier(py string) (*querier, error) {
	q := &querier{cmd: exec.Command(py, filepath.Join("testdata", "live", "query.py"))}
	q.cmd.Stderr = &q.stderr
	var err error
	if q.in, err = q.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := q.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	q.out = bufio.NewReader(stdout)
	if err := q.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start query.py: %w", err)
	}
	return q, nil
}

// rows runs the statements (one a line) and returns each one's rows; a
// blank statement has none, as query.py skips it.
func (q *querier) rows(sql []string) ([][]map[string]any, error) {
	sql = slices.DeleteFunc(slices.Clone(sql), func(s string) bool { return strings.TrimSpace(s) == "" })
	if _, err := io.WriteString(q.in, strings.Join(sql, "\n")+"\n"); err != nil {
		return nil, fmt.Errorf("write to query.py: %w", err)
	}
	var res [][]map[string]any
	for range sql {
		line, err := q.out.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("read from query.py: %w", err)
		}
		var rows []map[string]any
		if err := json.Unmarshal([]byte(line), &rows); err != nil {
			return nil, fmt.Errorf("query output %q: %w", line, err)
		}
		res = append(res, rows)
	}
	return res, nil
}

// close ends the process (its input closed, it exits) and returns the
// end of what it wrote to stderr.
func (q *querier) close() string {
	_ = q.in.Close()
	_ = q.cmd.Wait()
	return tail(q.stderr.Bytes())
}

// query runs SQL statements (each on one line) over the test's query.py
// process, started at the first, and returns each one's rows. A statement
// that fails ends the process; the next query starts another.
func (s *liveStack) query(sql ...string) [][]map[string]any {
	s.t.Helper()
	if s.q == nil {
		q, err := startQuerier(s.py)
		if err != nil {
			s.t.Fatal(err)
		}
		s.q = q
	}
	res, err := s.q.rows(sql)
	if err != nil {
		stderr := s.q.close()
		s.q = nil
		s.t.Fatalf("query %v: %v\n%s", sql, err, stderr)
	}
	return res
}

// closeQuery ends the test's query.py process, if any.
func (s *liveStack) closeQuery() {
	if s.q != nil {
		s.q.close()
		s.q = nil
	}
}

// produce writes payloads to the test's topic (one partition, created at
// the first call and deleted when the test ends), in order, with franz-go.
func (s *liveStack) produce(payloads ...string) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if s.kafka == nil {
		s.kafka = stack.NewKafka(s.t)
		s.kafka.CreateTopic(ctx, s.topic, 1)
	}
	var values [][]byte
	for _, p := range payloads {
		if strings.TrimSpace(p) != "" {
			values = append(values, []byte(p))
		}
	}
	s.kafka.Produce(ctx, s.topic, values...)
}
