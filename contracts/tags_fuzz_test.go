package contracts

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fuzzKinds are the types the fuzzers apply parsed tags to.
var fuzzKinds = []Type{
	{Kind: KindString}, {Kind: KindBool}, {Kind: KindInt32}, {Kind: KindInt64}, {Kind: KindFloat64},
	{Kind: KindDecimal, Precision: 18, Scale: 2}, {Kind: KindTimestamp}, {Kind: KindDate},
	{Kind: KindArray, Elem: &Type{Kind: KindDecimal}}, {Kind: KindStruct},
}

// checkRoundTrip checks that rendering parsed items and parsing them again
// gives the same items.
func checkRoundTrip(t *testing.T, s string) {
	items, err := parseItems(s, tagSyntax)
	if err != nil {
		return
	}
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = it.String()
	}
	again, err := parseItems(strings.Join(parts, ","), tagSyntax)
	if err != nil {
		t.Fatalf("re-parse of %q: %v", strings.Join(parts, ","), err)
	}
	if diff := cmp.Diff(items, again); diff != "" {
		t.Fatalf("round trip of %q (-first +second):\n%s", s, diff)
	}
}

func FuzzParseContractTag(f *testing.F) {
	for _, s := range []string{"", "pk", "pk=2,unique", "decimal(18,2),example=19.99", "eventtime,pii,classification=internal",
		"decimal(18,2", "decimal()", "example=a(b),example=", "pk=99999999999999999999", "decimal(38,38),decimal(1,0)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkRoundTrip(t, s)
		ct, ps := parseContractTag(s)
		if ct.HasDecimal && (ct.Precision < 1 || ct.Precision > 38 || ct.Scale < 0 || ct.Scale > ct.Precision) {
			t.Fatalf("%q: accepted decimal(%d,%d)", s, ct.Precision, ct.Scale)
		}
		if ct.HasPK && ct.PK < 0 {
			t.Fatalf("%q: negative key position %d", s, ct.PK)
		}
		for _, typ := range fuzzKinds {
			cp := typ
			if cp.Elem != nil {
				e := *cp.Elem
				cp.Elem = &e
			}
			applyDecimalTag(&cp, ct, &ps)
			checkExamples(ct.Examples, cp, &ps)
		}
		for _, p := range ps {
			if !strings.HasPrefix(p.Code, "ETL-C1") || p.Message == "" {
				t.Fatalf("%q: bad problem %+v", s, p)
			}
		}
	})
}

func FuzzParseValidateTag(f *testing.F) {
	for _, s := range []string{"", "required,max=64", "gt=0", "oneof=paid cancelled refunded", "oneof='a b' c",
		"gt=5,lt=3", "min=10,max=2,len=5", "email|url", "dive,required", "gt=1e400", "gte=-0.5,lte=1e-3",
		"startswith=0x2C", "required,,x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkRoundTrip(t, s)
		cons, ps := parseValidateTag(s)
		for _, c := range cons {
			if _, ok := c.Kind.Spec(); !ok || c.Kind == ConstraintOmitEmpty {
				t.Fatalf("%q: constraint %q outside the vocabulary", s, c.Kind)
			}
		}
		for _, typ := range fuzzKinds {
			checkConstraints(cons, typ, &ps)
		}
	})
}

func FuzzParseMarker(f *testing.F) {
	for _, s := range []string{"+etl:contract id=order-event version=1.0.0 owner=orders-team domain=sales status=active unknown_fields=allow",
		`+etl:contract id=a version=1.0.0 owner="orders team"`, "+etl:contract", "+etl:contract id=A version=1",
		"+etl:contract max_payload=-1 unknown_fields=drop status=live", `+etl:contract owner="x`, "+etl:table x=y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ps := parseMarker(s)
		if len(ps) == 0 && (!kebabRE.MatchString(m.ID) || !semverRE.MatchString(m.Version)) {
			t.Fatalf("%q: accepted id %q version %q", s, m.ID, m.Version)
		}
		if m.MaxPayload < 0 {
			t.Fatalf("%q: negative max_payload", s)
		}
		if m.UnknownFields != UnknownAllow && m.UnknownFields != UnknownReject {
			t.Fatalf("%q: unknown_fields %q", s, m.UnknownFields)
		}
	})
}
