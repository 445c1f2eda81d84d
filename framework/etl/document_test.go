package etl_test

import (
	"bytes"
	"path/filepath"
	"slices"
	"testing"

	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/internal/golden"
	"github.com/google/go-cmp/cmp"
)

// marshalRel marshals doc with positions relative to this package.
func marshalRel(t *testing.T, doc *ir.Document) []byte {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	doc.Relativize(dir)
	b, err := ir.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDocumentGolden(t *testing.T) {
	golden.Check(t, filepath.Join("testdata", "customer-order-streaming.ir.json"), marshalRel(t, etl.DocumentOf(CustomerOrderStreaming)))
}

func TestDocumentIsDeterministic(t *testing.T) {
	a := marshalRel(t, etl.DocumentOf(CustomerOrderStreaming))
	b := marshalRel(t, etl.DocumentOf(CustomerOrderStreaming))
	if !bytes.Equal(a, b) {
		t.Fatal("two builds of one pipeline gave different bytes")
	}
}

func TestDocumentOfPackage(t *testing.T) {
	doc := etl.Document("github.com/etlgen/etlgen/framework/etl_test")
	var ids []string
	for _, p := range doc.Pipelines {
		ids = append(ids, p.ID)
	}
	if !slices.Contains(ids, "customer-order-streaming") {
		t.Fatalf("pipelines = %v, want customer-order-streaming among them", ids)
	}
	var tids []string
	for _, tr := range doc.Transformations {
		tids = append(tids, tr.ID)
	}
	if !slices.Contains(tids, "clean-orders") || !slices.Contains(tids, "enrich-orders") {
		t.Fatalf("transformations = %v, want declared but unused ones too", tids)
	}
	if len(etl.Document("example.com/none").Pipelines) != 0 {
		t.Fatal("a package without pipelines has pipelines")
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	b := marshalRel(t, etl.DocumentOf(CustomerOrderStreaming))
	doc, err := ir.Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, err := ir.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(b), string(b2)); diff != "" {
		t.Fatalf("round trip changed the document (-first +second):\n%s", diff)
	}
}
