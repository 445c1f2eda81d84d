package sparkverdicts_test

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/e2e/stack"
)

// The names the corpus's profiles use on the stack (corpusgen's
// spark_profile.go): tables of database corpus, topics corpus_*, paths
// under root.
const (
	corpusDB    = "corpus."
	corpusTopic = "corpus_"
	corpusRoot0 = "/tmp/etlgen-corpus"
)

// names moves the corpus's names to one live run: its database (and topic
// prefix) and its directory.
type names struct {
	run string // database name and topic prefix, e.g. corpus_1a2b3c4d5e6f
	dir string // the run's directory, shared with the Spark server
}

// scalar renames one YAML scalar or option value; the stack's endpoints
// too, for a stack on other ports (a second stack of another Spark line).
func (n names) scalar(s string) string {
	switch s {
	case stack.DefaultSparkRemote:
		return stack.SparkRemote()
	case stack.DefaultKafkaBootstrap:
		return stack.KafkaBootstrap()
	}
	switch {
	case strings.HasPrefix(s, corpusDB):
		return n.run + "." + strings.TrimPrefix(s, corpusDB)
	case strings.HasPrefix(s, corpusRoot0):
		return n.dir + strings.TrimPrefix(s, corpusRoot0)
	}
	// topics, alone or inside JSON option values
	return strings.ReplaceAll(s, corpusTopic, n.run+"_")
}

// topic is the run's name of a corpus topic, e.g. orders.
func (n names) topic(name string) string { return n.run + "_" + name }

// table is the run's name of a corpus table, e.g. customers.
func (n names) table(name string) string { return n.run + "." + name }

// profile renames every scalar of a profile (keys too: starting_offsets
// maps topics to offsets).
func (n names) profile(src []byte) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, err
	}
	n.walk(&doc)
	return yaml.Marshal(&doc)
}

func (n names) walk(node *yaml.Node) {
	if node.Kind == yaml.ScalarNode && node.Tag != "!!null" {
		node.Value = n.scalar(node.Value)
	}
	for _, c := range node.Content {
		n.walk(c)
	}
}
