package cli

import (
	"maps"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/gen"
)

// sharedDirCommands are etlgen contracts and docs run for one example
// package into an output directory.
var sharedDirCommands = map[string]func(example, out string) []string{
	"contracts": func(example, out string) []string { return []string{"contracts", "-C", example, "-o", out, "."} },
	"docs": func(example, out string) []string {
		return []string{"docs", "-C", example, "--profile", "profiles/spark.yaml", "-o", out, "."}
	},
}

// writeInto runs args, which must remove nothing, and returns the files
// under out, the ledger aside.
func writeInto(t *testing.T, out string, args []string) map[string]string {
	t.Helper()
	if code, _, stderr := runCLI(args...); code != ExitOK || strings.Contains(stderr, "removed ") {
		t.Fatalf("%s: exit %d\n%s", strings.Join(args, " "), code, stderr)
	}
	files := readTree(t, out)
	delete(files, gen.LedgerFile)
	return files
}

// TestTwoPipelinesShareADirectory writes the contracts, then the docs, of
// two example pipelines into one directory, in either order and again:
// each run keeps the other pipeline's files, and the directory holds what
// each writes alone — but for the docs site's aggregate pages (the index
// and the contract pages: gen.Spec.Aggregates), which each run rewrites
// with its own view and which must be there.
func TestTwoPipelinesShareADirectory(t *testing.T) {
	examples := []string{filepath.Join("..", "..", "examples", "order-streaming"), filepath.Join("..", "..", "examples", "customer-cdf")}
	for name, command := range sharedDirCommands {
		t.Run(name, func(t *testing.T) {
			want := map[string]string{}
			for _, ex := range examples {
				out := t.TempDir()
				maps.Copy(want, writeInto(t, out, command(ex, out)))
			}
			for _, order := range [][]string{examples, {examples[1], examples[0]}} {
				out := t.TempDir()
				var got map[string]string
				for _, ex := range append(order, order[0]) {
					got = writeInto(t, out, command(ex, out))
				}
				for _, agg := range aggregates(got) {
					delete(got, agg)
				}
				if name == "docs" && got["index.html"] == "" && len(aggregates(want)) == 0 {
					t.Errorf("no index.html")
				}
				if diff := cmp.Diff(withoutAggregates(want), got); diff != "" {
					t.Errorf("%s then %s (-each alone +together):\n%s", order[0], order[1], diff)
				}
				ledger, err := os.ReadFile(filepath.Join(out, gen.LedgerFile))
				if err != nil {
					t.Fatal(err)
				}
				for _, pkg := range []string{"examples/order-streaming\"", "examples/customer-cdf\""} {
					if !strings.Contains(string(ledger), pkg) {
						t.Errorf("the ledger does not record %s:\n%s", pkg, ledger)
					}
				}
			}
		})
	}
}

// aggregates are the paths of files the docs site's generator rewrites
// in every run (gen.Spec.Aggregates).
func aggregates(files map[string]string) []string {
	var out []string
	for p := range files {
		for _, pat := range (gen.Site{}).Spec().Aggregates {
			if ok, _ := path.Match(pat, p); ok {
				out = append(out, p)
			}
		}
	}
	return out
}

// withoutAggregates is a copy of files without the site's aggregate pages.
func withoutAggregates(files map[string]string) map[string]string {
	out := maps.Clone(files)
	for _, p := range aggregates(files) {
		delete(out, p)
	}
	return out
}

// TestContractsPruneWhatTheSamePackageWrote: a contract deleted from a
// package has its files removed from the shared directory by the package's
// next run, which says so; the other pipeline's files stay.
func TestContractsPruneWhatTheSamePackageWrote(t *testing.T) {
	out := t.TempDir()
	example := filepath.Join("..", "..", "examples", "order-streaming")
	pipelineFiles := writeInto(t, out, sharedDirCommands["contracts"](example, out))
	pkg := copyPackage(t, shop)
	refund := filepath.Join(pkg, "refund.go")
	src := "package shop\n\n// Refund is one refund.\n// +etl:contract id=refund version=1.0.0 owner=payments-team\ntype Refund struct {\n\t// RefundID is the refund's id.\n\tRefundID string `json:\"refund_id\" validate:\"required\"`\n}\n"
	if err := os.WriteFile(refund, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	withRefund := writeInto(t, out, []string{"contracts", "-C", pkg, "-o", out, "."})
	for _, p := range []string{"data/refund.odcs.yaml", "jsonschema/refund.schema.json", "data/payment.odcs.yaml"} {
		if _, ok := withRefund[p]; !ok {
			t.Fatalf("%s not written", p)
		}
	}
	if err := os.Remove(refund); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI("contracts", "-C", pkg, "-o", out, ".")
	if code != ExitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, p := range []string{"data/refund.odcs.yaml", "jsonschema/refund.schema.json"} {
		if !strings.Contains(stderr, "removed "+filepath.Join(out, filepath.FromSlash(p))) {
			t.Errorf("stderr does not say %s was removed:\n%s", p, stderr)
		}
	}
	got := readTree(t, out)
	want := maps.Clone(pipelineFiles)
	for _, p := range []string{"data/payment.odcs.yaml", "jsonschema/payment.schema.json"} {
		want[p] = withRefund[p]
	}
	delete(got, gen.LedgerFile)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("after the refund contract was deleted (-want +got):\n%s", diff)
	}
}

// TestContractsOwnershipConflict: a package that would write another
// package's contract file with other bytes fails with ETL-G814 and exit 10,
// writing nothing.
func TestContractsOwnershipConflict(t *testing.T) {
	out := t.TempDir()
	first := copyPackage(t, shop)
	before := writeInto(t, out, []string{"contracts", "-C", first, "-o", out, "."})
	second := copyPackage(t, shop)
	data, err := os.ReadFile(filepath.Join(second, "shop.go"))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "max=36", "max=40", 1)
	if err := os.WriteFile(filepath.Join(second, "shop.go"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI("contracts", "-C", second, "-o", out, ".")
	if code != ExitInvalidModel || !strings.Contains(stderr, "ETL-G814") || !strings.Contains(stderr, "payment.odcs.yaml") {
		t.Errorf("exit %d, want %d with ETL-G814 on payment.odcs.yaml\n%s", code, ExitInvalidModel, stderr)
	}
	got := readTree(t, out)
	delete(got, gen.LedgerFile)
	if diff := cmp.Diff(before, got); diff != "" {
		t.Errorf("files changed by the conflicting run (-want +got):\n%s", diff)
	}
}
