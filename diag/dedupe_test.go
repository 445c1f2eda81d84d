package diag

import (
	"reflect"
	"testing"
)

func TestListDedupe(t *testing.T) {
	a := Diagnostic{Code: "ETL-C101", Pos: Position{File: "a.go", Line: 3}, Message: "m"}
	b := Diagnostic{Code: "ETL-C102", Pos: Position{File: "a.go", Line: 3}, Message: "m"}
	c := Diagnostic{Code: "ETL-C101", Pos: Position{File: "a.go", Line: 4}, Message: "m"}
	tests := []struct {
		name string
		in   List
		want List
	}{
		{"empty", nil, nil},
		{"no repeats", List{a, b, c}, List{a, b, c}},
		{"repeats keep the first, in order", List{c, a, c, b, a}, List{c, a, b}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.in.Dedupe(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Dedupe() = %v, want %v", got.Codes(), tt.want.Codes())
			}
		})
	}
}
