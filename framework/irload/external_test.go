package irload_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/irload"
)

// The files of a pipeline repo outside this module. Its go.mod requires
// etlgen and replaces it with this checkout.
var externalFiles = map[string]string{
	"go.mod": `module example.com/shop

go 1.26.8

require github.com/etlgen/etlgen v0.0.0

replace github.com/etlgen/etlgen => ROOT
`,
	"contracts.go": `// Package shop is a pipeline repo outside the etlgen module.
package shop

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import (
	"time"

	"github.com/shopspring/decimal"
)

// Sale is one sale of the shop.
// +etl:contract id=sale version=1.0.0 owner=shop-team
type Sale struct {
	// SaleID identifies the sale.
	SaleID string ` + "`json:\"sale_id\" validate:\"required\"`" + `
	// StoreID identifies the store.
	StoreID int64 ` + "`json:\"store_id\" validate:\"gt=0\"`" + `
	// Amount is the sale amount.
	Amount decimal.Decimal ` + "`json:\"amount\" validate:\"gte=0\" contract:\"decimal(12,2)\"`" + `
	// SoldAt is when the sale happened.
	SoldAt time.Time ` + "`json:\"sold_at\" contract:\"eventtime\"`" + `
}

// StoreSales is the sales of one store in one window.
// +etl:contract id=store-sales version=1.0.0 owner=shop-team
type StoreSales struct {
	// StoreID identifies the store.
	StoreID int64 ` + "`json:\"store_id\" contract:\"pk=1\"`" + `
	// WindowStart starts the window.
	WindowStart time.Time ` + "`json:\"window_start\" contract:\"pk=2\"`" + `
	// WindowEnd ends the window.
	WindowEnd time.Time ` + "`json:\"window_end\" contract:\"pk=3\"`" + `
	// Total is the sum of the amounts.
	Total decimal.Decimal ` + "`json:\"total\" contract:\"decimal(22,2)\"`" + `
}

// RejectedSale is a sale payload that failed validation.
// +etl:contract id=rejected-sale version=1.0.0 owner=shop-team
type RejectedSale struct {
	// RawPayload is the payload as received.
	RawPayload string ` + "`json:\"raw_payload\"`" + `
	// ReasonCode is the stable rejection code.
	ReasonCode string ` + "`json:\"reason_code\"`" + `
	// Reason explains the rejection.
	Reason string ` + "`json:\"reason\"`" + `
	// ObservedAt is when the payload was seen.
	ObservedAt time.Time ` + "`json:\"observed_at\"`" + `
}
`,
	"pipeline.go": `package shop

import "github.com/etlgen/etlgen/framework/etl"

// SumParams are the parameters of SumSales.
type SumParams struct {
	Delay  etl.Duration ` + "`param:\"delay\" default:\"5m\"`" + `
	Window etl.Duration ` + "`param:\"window\" default:\"10m\"`" + `
}

// SumSales sums sales per store and window.
var SumSales = etl.Transform("sum-sales", func(in etl.Stream[Sale], p SumParams) etl.Stream[StoreSales] {
	s, o := SaleCols, StoreSalesCols
	return etl.Into[StoreSales](in.WithWatermark(s.SoldAt, p.Delay).
		GroupBy(s.StoreID, etl.TumblingWindow(s.SoldAt, p.Window)).
		Agg(etl.Sum(s.Amount).As(o.Total)))
})

// Pipeline sums the shop's sales.
var Pipeline = etl.NewPipeline("store-sales", "1.0.0", func(p *etl.Builder) {
	sales := etl.Extract[Sale](p, "sales")
	etl.Load(p, "store_sales", SumSales.Step(p, sales.Valid(), SumParams{}))
	etl.Load(p, "rejected_sales", etl.Into[RejectedSale](sales.Invalid()))
})
`,
	"profiles/local.yaml": `name: local
test: true
engine: local
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: ../out/checkpoints
assets:
  sales: {plugin: file-json, path: ../in}
  store_sales: {plugin: file-json, path: ../out/store_sales}
  rejected_sales: {plugin: file-json, path: ../out/rejected_sales}
`,
}

// TestExternalModule proves the whole flow on a pipeline repo outside this
// module: go generate (etlgen gen), etlgen ir, irload.Load and etlgen validate.
func TestExternalModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds etlgen and a pipeline repo with the go tool")
	}
	root := repoRoot(t)
	dir := writeExternal(t, root)
	ctx := context.Background()

	if out, err := goCmd(ctx, dir, "generate", "./..."); err != nil {
		if strings.Contains(out, "unknown command") {
			t.Skipf("etlgen gen is not available yet:\n%s", out)
		}
		t.Fatalf("go generate: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "zz_etlgen.go")); err != nil {
		t.Fatalf("go generate wrote no zz_etlgen.go: %v", err)
	}

	out, err := goCmd(ctx, dir, "run", "github.com/etlgen/etlgen/cmd/etlgen", "ir", ".")
	if err != nil {
		t.Fatalf("etlgen ir: %v\n%s", err, out)
	}
	var doc ir.Document
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("etlgen ir printed no document: %v\n%s", err, out)
	}
	checkExternalDoc(t, &doc)

	loaded, err := irload.Loader{CacheDir: t.TempDir()}.Load(ctx, dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	checkExternalDoc(t, loaded)
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".etlgen-ir-*")); len(leftovers) != 0 {
		t.Errorf("temporary program directories left behind: %v", leftovers)
	}

	broken := filepath.Join(dir, "broken.go")
	if err := os.WriteFile(broken, []byte("package shop\n\nvar _ = undefinedThing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := (irload.Loader{CacheDir: t.TempDir()}).Load(ctx, dir, "."); err == nil || !strings.Contains(err.Error(), "undefinedThing") {
		t.Errorf("load of a package that does not compile: error %v, want the compiler's message", err)
	}
	os.Remove(broken)

	out, err = goCmd(ctx, dir, "run", "github.com/etlgen/etlgen/cmd/etlgen", "validate", ".", "--profile", "profiles/local.yaml")
	if strings.Contains(out, "unknown command") {
		t.Skipf("etlgen validate is not available yet:\n%s", out)
	}
	if err != nil {
		t.Fatalf("etlgen validate: %v\n%s", err, out)
	}
}

// checkExternalDoc checks the document of the external pipeline.
func checkExternalDoc(t *testing.T, doc *ir.Document) {
	t.Helper()
	if doc.Package != "example.com/shop" || len(doc.Pipelines) != 1 || doc.Pipelines[0].ID != "store-sales" {
		t.Fatalf("document of package %q has pipelines %+v, want store-sales of example.com/shop", doc.Package, doc.Pipelines)
	}
	if len(doc.Contracts) != 3 || len(doc.Diagnostics) != 0 {
		t.Fatalf("document has %d contracts and diagnostics %v, want 3 and none", len(doc.Contracts), doc.Diagnostics)
	}
	if d := infer.Document(doc); len(d) != 0 {
		t.Fatalf("inference diagnostics: %v", d)
	}
	if !strings.HasSuffix(doc.Pipelines[0].Pos.File, "pipeline.go") {
		t.Errorf("pipeline position %s, want the repo's pipeline.go", doc.Pipelines[0].Pos)
	}
}

// writeExternal writes the pipeline repo into a temporary directory.
func writeExternal(t *testing.T, root string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range externalFiles {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(strings.ReplaceAll(text, "ROOT", root)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// goCmd runs the go tool in dir with the module settings of the test and
// returns its combined output.
func goCmd(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}
