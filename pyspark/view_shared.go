package pyspark

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// shared is what makes the expression of one DataFrame linear in the
// pipeline's size: a stream (a step's output, a source read) that the
// expression reads more than once — a step whose output two inputs of a
// later step read, and so on (a diamond) — is computed once into a local
// variable (shared_1, shared_2, ... in Lets, in dependency order) and read
// by name; a stream read once stays inline, so a chain reads as one nested
// call. Without it the expression of n such steps has 2^n calls.
type shared struct {
	uses  map[string]int    // stream key → reads, counted before the build
	names map[string]string // stream key → its variable, once assigned
	// Lets are the assignments, each "name = expression".
	Lets []string
	// sourceReads counts the streaming reads of each source asset in the
	// expression, for their names (sourceName).
	sourceReads map[string]int
}

// sourceName is the Spark source name of a read of port of source asset
// in the expression (a program for Spark 4.2 names its streaming reads):
// planner.SparkSourceName of the asset for its first read; a second read
// of the same source (its other port: the valid and the invalid rows in
// one query) gets the port as a suffix, since Spark refuses two sources of
// one name in a query.
func (s *shared) sourceName(asset, port string) string {
	if s.sourceReads == nil {
		s.sourceReads = map[string]int{}
	}
	s.sourceReads[asset]++
	name := planner.SparkSourceName(asset)
	if s.sourceReads[asset] > 1 {
		name += "_" + planner.SparkSourceName(port)
	}
	return name
}

func streamKey(r ir.Ref) string { return r.Node + "\x00" + string(r.Port) }

// count counts the reads of r and, on the first, of what it reads
// (inputs(r): its upstream refs, nil for a source).
func (s *shared) count(r ir.Ref, inputs func(ir.Ref) []ir.Ref) {
	if s.uses == nil {
		s.uses = map[string]int{}
	}
	k := streamKey(r)
	s.uses[k]++
	if s.uses[k] > 1 {
		return
	}
	for _, in := range inputs(r) {
		s.count(in, inputs)
	}
}

// read returns the expression of r: its variable when it was assigned,
// else build(); assigned to a new variable first when r is read more than
// once.
func (s *shared) read(r ir.Ref, build func() (string, error)) (string, error) {
	k := streamKey(r)
	if name, ok := s.names[k]; ok {
		return name, nil
	}
	expr, err := build()
	if err != nil || s.uses[k] < 2 || !strings.Contains(expr, "(") { // a variable already
		return expr, err
	}
	if s.names == nil {
		s.names = map[string]string{}
	}
	name := fmt.Sprintf("shared_%d", len(s.Lets)+1)
	s.Lets = append(s.Lets, name+" = "+expr)
	s.names[k] = name
	return name, nil
}
