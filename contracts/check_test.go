package contracts

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

func TestCheckConstraints(t *testing.T) {
	tests := []struct {
		kind  Kind
		tag   string
		codes []string
	}{
		{kind: KindInt64, tag: "gt=0,lt=10"},
		{kind: KindInt64, tag: "gt=1,lt=3"},
		{kind: KindInt64, tag: "gt=1,lt=2", codes: []string{CodeContradiction}},
		{kind: KindFloat64, tag: "gt=1,lt=2"},
		{kind: KindFloat64, tag: "gt=1e-3,lt=1.5e2"},
		{kind: KindFloat64, tag: "gt=1e400", codes: []string{CodeBadArgument}},
		{kind: KindInt32, tag: "gte=5,lte=5"},
		{kind: KindInt32, tag: "gt=5,lte=5", codes: []string{CodeContradiction}},
		{kind: KindInt32, tag: "gt=2147483648", codes: []string{CodeBadArgument}},
		{kind: KindDecimal, tag: "gt=0.1,lt=0.2"},
		{kind: KindDecimal, tag: "gte=0.2,lte=0.1", codes: []string{CodeContradiction}},
		{kind: KindDecimal, tag: "gt=1e999", codes: []string{CodeBadArgument}},
		{kind: KindDecimal, tag: "min=1,max=0", codes: []string{CodeContradiction}},
		{kind: KindInt64, tag: "gt=1,gt=10,lt=5", codes: []string{CodeContradiction}},
		{kind: KindString, tag: "len=3,min=3,max=3"},
		{kind: KindString, tag: "len=3,max=2", codes: []string{CodeContradiction}},
		{kind: KindString, tag: "min=-1", codes: []string{CodeBadArgument}},
		{kind: KindString, tag: "gt=1", codes: []string{CodeNotApplicable}},
		{kind: KindString, tag: "oneof=a b c,required,email,uuid"},
		{kind: KindString, tag: "oneof=a b a", codes: []string{CodeContradiction}},
		{kind: KindArray, tag: "min=1,max=3,len=2"},
		{kind: KindArray, tag: "email", codes: []string{CodeNotApplicable}},
		{kind: KindBool, tag: "required"},
		{kind: KindBool, tag: "oneof=true", codes: []string{CodeNotApplicable}},
		{kind: KindTimestamp, tag: "lt=5", codes: []string{CodeNotApplicable}},
		{kind: KindDate, tag: "min=1", codes: []string{CodeNotApplicable}},
		{kind: KindStruct, tag: "len=1", codes: []string{CodeNotApplicable}},
		{kind: KindInt64, tag: "len=1,oneof=1,email", codes: []string{CodeNotApplicable, CodeNotApplicable, CodeNotApplicable}},
	}
	for _, tt := range tests {
		t.Run(string(tt.kind)+" "+tt.tag, func(t *testing.T) {
			cons, ps := parseValidateTag(tt.tag)
			if len(ps) != 0 {
				t.Fatalf("parse %q: %v", tt.tag, ps)
			}
			checkConstraints(cons, Type{Kind: tt.kind}, &ps)
			if diff := cmp.Diff(tt.codes, problemCodes(ps)); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCheckStructTag(t *testing.T) {
	tests := []struct {
		tag     string
		wantErr string
	}{
		{tag: ""},
		{tag: `json:"a" validate:"required,max=3" contract:"decimal(18,2)"`},
		{tag: `json:"a"  validate:"x"`},
		{tag: `json:"a\"b"`},
		{tag: `json:a`, wantErr: "malformed"},
		{tag: `json:"a`, wantErr: "unterminated"},
		{tag: `json:"a" json:"b"`, wantErr: "twice"},
		{tag: `:"a"`, wantErr: "malformed"},
		{tag: `json:"\q"`, wantErr: "bad value"},
	}
	for _, tt := range tests {
		t.Run(tt.tag, func(t *testing.T) {
			err := checkStructTag(tt.tag)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("unexpected error %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("err = %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestDecimalFits(t *testing.T) {
	tests := []struct {
		v    string
		p, s int
		want bool
	}{
		{"19.99", 18, 2, true},
		{"19.999", 18, 2, false},
		{"19.990", 18, 2, true},
		{"1234", 5, 2, false},
		{"123", 5, 2, true},
		{"-123.45", 5, 2, true},
		{"0.5", 1, 1, true},
		{"1e2", 3, 0, true},
		{"1e3", 3, 0, false},
		{"0", 1, 0, true},
	}
	for _, tt := range tests {
		d := decimal.RequireFromString(tt.v)
		if got := decimalFits(d, tt.p, tt.s); got != tt.want {
			t.Errorf("decimalFits(%s, %d, %d) = %v, want %v", tt.v, tt.p, tt.s, got, tt.want)
		}
	}
}

func TestKebabCase(t *testing.T) {
	tests := map[string]string{
		"OrderEvent":  "order-event",
		"HTTPRequest": "http-request",
		"Order2Event": "order2-event",
		"order_event": "order-event",
		"X":           "x",
		"UserID":      "user-id",
	}
	for in, want := range tests {
		if got := KebabCase(in); got != want {
			t.Errorf("KebabCase(%q) = %q, want %q", in, got, want)
		}
	}
}
