package contracts_test

import (
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/google/go-cmp/cmp"
)

type valStatus string

// valVariety holds Go types that can carry contract kinds besides the
// obvious ones: named types, int for int64, time.Time for a date, pointers
// to structs, slices of pointers and of structs.
type valVariety struct {
	Status  valStatus        `json:"status"`
	Count   int              `json:"count"`
	Small   int64            `json:"small"`
	Day     time.Time        `json:"day"`
	Ref     *valItem         `json:"ref"`
	Ptrs    []*string        `json:"ptrs"`
	Nested  [][]int32        `json:"nested"`
	Skipped string           `json:"-"`
	Flag    *bool            `json:"flag"`
	Ratio   *float64         `json:"ratio"`
	Dates   []contracts.Date `json:"dates"`
}

var valVarietyContract = contracts.Contract{
	ID: "val-variety", Name: "valVariety",
	Fields: []contracts.Field{
		field("status", kind(contracts.KindString), true),
		field("count", kind(contracts.KindInt64), true),
		field("small", kind(contracts.KindInt32), true),
		field("day", kind(contracts.KindDate), true),
		optional("ref", contracts.Type{Kind: contracts.KindStruct, Fields: []contracts.Field{
			field("sku", kind(contracts.KindString), true), field("qty", kind(contracts.KindInt32), true)}}),
		field("ptrs", contracts.Type{Kind: contracts.KindArray, Elem: &contracts.Type{Kind: contracts.KindString}}, true),
		field("nested", contracts.Type{Kind: contracts.KindArray, Elem: &contracts.Type{Kind: contracts.KindArray,
			Elem: &contracts.Type{Kind: contracts.KindInt32}}}, true),
		optional("flag", kind(contracts.KindBool)),
		optional("ratio", kind(contracts.KindFloat64)),
		field("dates", contracts.Type{Kind: contracts.KindArray, Elem: &contracts.Type{Kind: contracts.KindDate}}, true),
	},
}

func init() { contracts.MustRegister(reflectTypeOf[valVariety](), valVarietyContract) }

func TestValidateSetterVariety(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want valVariety
	}{
		{"all set", `{"status":"s","count":-7,"small":3,"day":"2024-02-29","ref":{"sku":"A","qty":2},"ptrs":["x","y"],
			"nested":[[1,2],[],[3]],"flag":false,"ratio":0.25,"dates":["0001-01-01"]}`,
			valVariety{Status: "s", Count: -7, Small: 3, Day: time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC),
				Ref: &valItem{SKU: "A", Qty: 2}, Ptrs: []*string{ptr("x"), ptr("y")}, Nested: [][]int32{{1, 2}, {}, {3}},
				Flag: ptr(false), Ratio: ptr(0.25), Dates: []contracts.Date{{Year: 1, Month: 1, Day: 1}}}},
		{"optionals absent", `{"status":"","count":0,"small":0,"day":"2026-01-01","ptrs":[],"nested":[],"dates":[]}`,
			valVariety{Day: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Ptrs: []*string{}, Nested: [][]int32{}, Dates: []contracts.Date{}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, rej := contracts.Validate[valVariety]([]byte(tc.raw))
			if rej != nil {
				t.Fatal(rej)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Fatalf("value (-want +got):\n%s", diff)
			}
		})
	}
}
