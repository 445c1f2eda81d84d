package contracts

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"

	"github.com/etlgen/etlgen/diag"
)

type ftEvent struct {
	ID     string           `json:"id" validate:"required" contract:"pk"`
	Amount *decimal.Decimal `json:"amount" validate:"gte=0" contract:"decimal(10,2)"`
	At     time.Time        `json:"at" contract:"eventtime"`
	Day    Date             `json:"day"`
	Items  []ftItem         `json:"items" validate:"max=3"`
	Skip   string           `json:"-"`
	hidden string
}

type ftItem struct {
	SKU string `json:"sku"`
	Qty int32  `json:"qty" validate:"gt=0"`
}

type ftBad struct {
	N     int               `json:"n"`
	M     map[string]string `json:"m"`
	NoTag string
	S     string  `json:"s" validate:"gt=1,foo"`
	D     float64 `json:"d" contract:"decimal(1,0)"`
}

type ftNode struct {
	Next *ftNode `json:"next"`
}

func TestFromType(t *testing.T) {
	_ = ftEvent{}.hidden
	got, err := FromType(reflect.TypeFor[*ftEvent]())
	if err != nil {
		t.Fatal(err)
	}
	want := Contract{ID: "ft-event", Version: "0.0.0", Name: "ftEvent", Package: "github.com/etlgen/etlgen/contracts",
		UnknownFields: UnknownAllow, Fields: []Field{
			{Name: "id", GoName: "ID", Type: Type{Kind: KindString, GoType: "string"}, Required: true,
				Constraints: []Constraint{{Kind: "required"}}, PrimaryKey: 1},
			{Name: "amount", GoName: "Amount", Type: Type{Kind: KindDecimal, Precision: 10, Scale: 2, GoType: "decimal.Decimal"},
				Constraints: []Constraint{{Kind: "gte", Args: []string{"0"}}}},
			{Name: "at", GoName: "At", Type: Type{Kind: KindTimestamp, GoType: "time.Time"}, Required: true, EventTime: true},
			{Name: "day", GoName: "Day", Type: Type{Kind: KindDate, GoType: "contracts.Date"}, Required: true},
			{Name: "items", GoName: "Items", Required: true, Constraints: []Constraint{{Kind: "max", Args: []string{"3"}}},
				Type: Type{Kind: KindArray, GoType: "[]contracts.ftItem", Elem: &Type{Kind: KindStruct, GoType: "contracts.ftItem",
					Fields: []Field{
						{Name: "sku", GoName: "SKU", Type: Type{Kind: KindString, GoType: "string"}, Required: true},
						{Name: "qty", GoName: "Qty", Type: Type{Kind: KindInt32, GoType: "int32"}, Required: true,
							Constraints: []Constraint{{Kind: "gt", Args: []string{"0"}}}},
					}}}},
		}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("contract (-want +got):\n%s", diff)
	}
}

func TestFromTypeErrors(t *testing.T) {
	tests := []struct {
		typ   reflect.Type
		codes []string
	}{
		{typ: reflect.TypeFor[ftBad](), codes: []string{CodeUnsupportedType, CodeUnsupportedType, CodeMissingJSONName,
			CodeUnsupportedValidate, CodeNotApplicable, CodeDecimalNotDecimal}},
		{typ: reflect.TypeFor[ftNode](), codes: []string{CodeRecursiveType}},
	}
	for _, tt := range tests {
		t.Run(tt.typ.String(), func(t *testing.T) {
			_, err := FromType(tt.typ)
			var le *diag.ListError
			if !errors.As(err, &le) {
				t.Fatalf("want a *diag.ListError, got %v", err)
			}
			if diff := cmp.Diff(tt.codes, le.List.Codes()); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFromTypeNotStruct(t *testing.T) {
	for _, rt := range []reflect.Type{nil, reflect.TypeFor[string](), reflect.TypeFor[[]ftItem]()} {
		if _, err := FromType(rt); err == nil {
			t.Errorf("FromType(%v): want an error", rt)
		}
	}
}

type ftWrapped struct {
	Opaque struct{ x int } `json:"opaque"`
	Time   ftTime          `json:"time"`
}

type ftTime time.Time

func TestFromTypeOpaqueStructs(t *testing.T) {
	_ = ftWrapped{}.Opaque.x
	_, err := FromType(reflect.TypeFor[ftWrapped]())
	var le *diag.ListError
	if !errors.As(err, &le) {
		t.Fatalf("want a *diag.ListError, got %v", err)
	}
	if diff := cmp.Diff([]string{CodeUnsupportedType, CodeUnsupportedType}, le.List.Codes()); diff != "" {
		t.Errorf("codes (-want +got):\n%s", diff)
	}
}
