package cli

import (
	"context"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/irload"
)

// buildIR builds the IR document of a Go package with the tiny-program
// loader (cached by irload) and makes its positions relative to the module
// root, so diagnostics read examples/order-streaming/pipeline.go:10.
func buildIR(ctx context.Context, dir, pkg string) (*ir.Document, error) {
	doc, err := irload.Load(ctx, dir, pkg)
	if err != nil {
		return nil, err
	}
	if root, err := moduleRoot(dir); err == nil {
		doc.Relativize(root)
	}
	return doc, nil
}
