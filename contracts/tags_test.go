package contracts

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseItems(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		syn     itemSyntax
		want    []tagItem
		wantErr bool
	}{
		{name: "empty", in: "", syn: tagSyntax},
		{name: "flag", in: "pk", syn: tagSyntax, want: []tagItem{{Key: "pk"}}},
		{name: "value", in: "pk=2", syn: tagSyntax, want: []tagItem{{Key: "pk", Value: "2", HasValue: true}}},
		{name: "empty value", in: "oneof=", syn: tagSyntax, want: []tagItem{{Key: "oneof", HasValue: true}}},
		{name: "comma inside parentheses", in: "decimal(18,2),pk", syn: tagSyntax, want: []tagItem{
			{Key: "decimal", Args: []string{"18", "2"}, HasArgs: true}, {Key: "pk"}}},
		{name: "spaces in args", in: "decimal( 18 , 2 )", syn: tagSyntax, want: []tagItem{
			{Key: "decimal", Args: []string{"18", "2"}, HasArgs: true}}},
		{name: "empty parentheses", in: "decimal()", syn: tagSyntax, want: []tagItem{{Key: "decimal", HasArgs: true}}},
		{name: "value with spaces and equals", in: "oneof=a b,startswith=x=y", syn: tagSyntax, want: []tagItem{
			{Key: "oneof", Value: "a b", HasValue: true}, {Key: "startswith", Value: "x=y", HasValue: true}}},
		{name: "value with parentheses", in: "example=f(x)", syn: tagSyntax, want: []tagItem{
			{Key: "example", Value: "f(x)", HasValue: true}}},
		{name: "marker", in: " id=a  version=1.0.0\towner=x ", syn: markerSyntax, want: []tagItem{
			{Key: "id", Value: "a", HasValue: true}, {Key: "version", Value: "1.0.0", HasValue: true},
			{Key: "owner", Value: "x", HasValue: true}}},
		{name: "quoted marker value", in: `owner="orders team" id=a`, syn: markerSyntax, want: []tagItem{
			{Key: "owner", Value: "orders team", HasValue: true}, {Key: "id", Value: "a", HasValue: true}}},
		{name: "empty item", in: "a,,b", syn: tagSyntax, want: []tagItem{{Key: "a"}}, wantErr: true},
		{name: "trailing comma", in: "a,", syn: tagSyntax, want: []tagItem{{Key: "a"}}, wantErr: true},
		{name: "leading digit", in: "1a", syn: tagSyntax, wantErr: true},
		{name: "unclosed parenthesis", in: "decimal(18,2", syn: tagSyntax, wantErr: true},
		{name: "junk after args", in: "decimal(1,2)x", syn: tagSyntax, wantErr: true},
		{name: "unterminated quote", in: `owner="x`, syn: markerSyntax, wantErr: true},
		{name: "junk after quote", in: `owner="x"y`, syn: markerSyntax, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseItems(tt.in, tt.syn)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if tt.wantErr && tt.want == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseValidateTag(t *testing.T) {
	tests := []struct {
		in    string
		want  []Constraint
		codes []string
	}{
		{in: ""},
		{in: "required,max=64", want: []Constraint{{Kind: "required"}, {Kind: "max", Args: []string{"64"}}}},
		{in: "omitempty,email", want: []Constraint{{Kind: "email"}}},
		{in: "oneof=paid cancelled refunded", want: []Constraint{{Kind: "oneof", Args: []string{"paid", "cancelled", "refunded"}}}},
		{in: "oneof='a b' c  'd", want: []Constraint{{Kind: "oneof", Args: []string{"a b", "c", "'d"}}}},
		{in: "startswith=0x2C0x7C", want: []Constraint{{Kind: "startswith", Args: []string{",|"}}}},
		{in: "gt=0,lt=5,gte=1,lte=4,min=1,max=4,len=3", want: []Constraint{
			{Kind: "gt", Args: []string{"0"}}, {Kind: "lt", Args: []string{"5"}}, {Kind: "gte", Args: []string{"1"}},
			{Kind: "lte", Args: []string{"4"}}, {Kind: "min", Args: []string{"1"}}, {Kind: "max", Args: []string{"4"}},
			{Kind: "len", Args: []string{"3"}}}},
		{in: "dive,required", want: []Constraint{{Kind: "required"}}, codes: []string{CodeUnsupportedValidate}},
		{in: "email|url", codes: []string{CodeTagSyntax}},
		{in: "required,,max=1", want: []Constraint{{Kind: "required"}}, codes: []string{CodeTagSyntax}},
		{in: "email=x,gt,oneof=", codes: []string{CodeBadArgument, CodeBadArgument, CodeBadArgument}},
		{in: "gt(1)", codes: []string{CodeTagSyntax}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ps := parseValidateTag(tt.in)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("constraints (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.codes, problemCodes(ps)); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseContractTag(t *testing.T) {
	tests := []struct {
		in    string
		want  contractTag
		codes []string
	}{
		{in: ""},
		{in: "pk", want: contractTag{HasPK: true}},
		{in: "pk=3,unique", want: contractTag{HasPK: true, PK: 3, Unique: true}},
		{in: "decimal(18,2),example=19.99,example=0", want: contractTag{DecimalGiven: true, HasDecimal: true,
			Precision: 18, Scale: 2, Examples: []string{"19.99", "0"}}},
		{in: "eventtime,pii,classification=restricted", want: contractTag{EventTime: true, PII: true, Classification: "restricted"}},
		{in: "primary", codes: []string{CodeUnknownContractKey}},
		{in: "pk,pk", want: contractTag{HasPK: true}, codes: []string{CodeTagSyntax}},
		{in: "pk=0", codes: []string{CodeBadArgument}},
		{in: "pk(1)", codes: []string{CodeBadArgument}},
		{in: "unique=yes", codes: []string{CodeBadArgument}},
		{in: "decimal(39,2)", want: contractTag{DecimalGiven: true}, codes: []string{CodeDecimalInvalid}},
		{in: "decimal(2,3)", want: contractTag{DecimalGiven: true}, codes: []string{CodeDecimalInvalid}},
		{in: "decimal(1,0)", want: contractTag{DecimalGiven: true, HasDecimal: true, Precision: 1}},
		{in: "decimal(38,38)", want: contractTag{DecimalGiven: true, HasDecimal: true, Precision: 38, Scale: 38}},
		{in: "decimal", want: contractTag{DecimalGiven: true}, codes: []string{CodeDecimalInvalid}},
		{in: "classification=secret", codes: []string{CodeBadClassification}},
		{in: "example", codes: []string{CodeBadArgument}},
		{in: "decimal(18,2", want: contractTag{DecimalGiven: true}, codes: []string{CodeTagSyntax}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ps := parseContractTag(tt.in)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("tag (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.codes, problemCodes(ps)); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}

func problemCodes(ps tagProblems) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Code)
	}
	return out
}
