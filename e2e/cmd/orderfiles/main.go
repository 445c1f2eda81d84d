// Command orderfiles writes n deterministic synthetic order events (package
// e2e/orders: the same events as `orderevents -n`) as JSON-lines files, for
// the local-engine-vs-Spark benchmark (scripts/bench/local_vs_spark.sh): the
// events are split over -files files named part-00000.jsonl, … whose
// modification times increase with their names, so that Spark's file source
// (modification-time order) and the local engine's (name order) read the same
// files in the same micro-batches.
//
//	go run ./e2e/cmd/orderfiles -dir /tmp/events -n 100000 -files 10
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/etlgen/etlgen/e2e/orders"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "orderfiles:", err)
		os.Exit(1)
	}
}

func run() error {
	dir := flag.String("dir", "", "directory to write the files to (created; must hold no .jsonl files)")
	n := flag.Int("n", 100000, "number of events")
	files := flag.Int("files", 10, "number of files to split the events over")
	invalidEvery := flag.Int("invalid-every", 100, "every k-th payload is invalid (0: none)")
	customers := flag.Int("customers", 1000, "distinct customers")
	flag.Parse()
	if *dir == "" || *n <= 0 || *files <= 0 {
		return fmt.Errorf("need -dir, n > 0 and files > 0")
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", *dir, err)
	}
	if old, _ := filepath.Glob(filepath.Join(*dir, "*.jsonl")); len(old) > 0 {
		return fmt.Errorf("%s already holds %d .jsonl files", *dir, len(old))
	}
	payloads := Synthetic(*n, *invalidEvery, *customers)
	per := (len(payloads) + *files - 1) / *files
	mtime := time.Now().Add(-time.Hour).Truncate(time.Second)
	for f := 0; f < *files; f++ {
		lo, hi := min(f*per, len(payloads)), min((f+1)*per, len(payloads))
		path := filepath.Join(*dir, fmt.Sprintf("part-%05d.jsonl", f))
		if err := writeLines(path, payloads[lo:hi]); err != nil {
			return err
		}
		// One second apart: Spark orders new files by modification time.
		t := mtime.Add(time.Duration(f) * time.Second)
		if err := os.Chtimes(path, t, t); err != nil {
			return fmt.Errorf("set the time of %s: %w", path, err)
		}
	}
	fmt.Printf("wrote %d events in %d files to %s\n", len(payloads), *files, *dir)
	return nil
}

// Synthetic is orderevents' Synthetic: n events one second apart from
// 2026-07-15 00:00 UTC (seed 42), every invalidEvery-th with a status the
// contract rejects.
func Synthetic(n, invalidEvery, customers int) [][]byte {
	ev := orders.Generate(n, orders.Options{Seed: 42, Start: time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC),
		Step: time.Second, Customers: customers})
	out := make([][]byte, n)
	for i, e := range ev {
		if invalidEvery > 0 && i%invalidEvery == invalidEvery-1 {
			e.Status = "shipped"
		}
		out[i] = e.JSON()
	}
	return out
}

func writeLines(path string, lines [][]byte) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	w := bufio.NewWriter(f)
	for _, l := range lines {
		w.Write(l)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
