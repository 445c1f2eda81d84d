package contracts_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/goload"
	"github.com/etlgen/etlgen/contracts/testdata/load/all_kinds"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
)

// TestFromTypeAgreesWithLoad checks that FromType and goload.Load build the same
// fields, types, constraints and keys for the same Go types: only
// descriptions, positions and marker data may differ.
func TestFromTypeAgreesWithLoad(t *testing.T) {
	tests := []struct {
		dir   string
		types []reflect.Type
	}{
		{dir: "../examples/order-streaming", types: []reflect.Type{
			reflect.TypeFor[orderstreaming.OrderEvent](), reflect.TypeFor[orderstreaming.RejectedOrderEvent](),
			reflect.TypeFor[orderstreaming.CustomerOrderWindow](), reflect.TypeFor[orderstreaming.LateOrderEvent](),
		}},
		{dir: "testdata/load/all_kinds", types: []reflect.Type{reflect.TypeFor[allkinds.Everything]()}},
	}
	ignore := cmpopts.IgnoreFields(contracts.Field{}, "Description", "Pos")
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			res, err := goload.Load(context.Background(), tt.dir)
			if err != nil {
				t.Fatal(err)
			}
			if res.Diagnostics.HasErrors() {
				t.Fatalf("load: %v", res.Diagnostics.Err())
			}
			if len(res.Contracts) != len(tt.types) {
				t.Fatalf("loaded %d contracts, want %d", len(res.Contracts), len(tt.types))
			}
			for _, rt := range tt.types {
				got, err := contracts.FromType(rt)
				if err != nil {
					t.Fatalf("FromType(%v): %v", rt, err)
				}
				want := findContract(t, res.Contracts, rt.Name())
				if got.Name != want.Name || got.Package != want.Package {
					t.Errorf("%s: name/package %s %s, want %s %s", rt, got.Name, got.Package, want.Name, want.Package)
				}
				if diff := cmp.Diff(want.Fields, got.Fields, ignore); diff != "" {
					t.Errorf("%s: fields (-Load +FromType):\n%s", rt, diff)
				}
				if diff := cmp.Diff(want.PrimaryKey(), (&got).PrimaryKey()); diff != "" {
					t.Errorf("%s: primary key (-Load +FromType):\n%s", rt, diff)
				}
			}
		})
	}
}

func findContract(t *testing.T, cs []contracts.Contract, name string) contracts.Contract {
	t.Helper()
	for _, c := range cs {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no loaded contract for type %s", name)
	return contracts.Contract{}
}
