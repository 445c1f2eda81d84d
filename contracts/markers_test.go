package contracts

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseMarker(t *testing.T) {
	tests := []struct {
		in    string
		want  markerData
		codes []string
	}{
		{in: "+etl:contract id=order-event version=1.0.0 owner=orders-team domain=sales status=active unknown_fields=reject max_payload=2048",
			want: markerData{ID: "order-event", Version: "1.0.0", Owner: "orders-team", Domain: "sales", Status: "active",
				UnknownFields: UnknownReject, MaxPayload: 2048}},
		{in: `+etl:contract id=a version=0.1.0 owner="orders team"`,
			want: markerData{ID: "a", Version: "0.1.0", Owner: "orders team", UnknownFields: UnknownAllow}},
		{in: "+etl:contract", want: markerData{UnknownFields: UnknownAllow}, codes: []string{CodeMarkerMissing}},
		{in: "+etl:contractx id=a", want: markerData{UnknownFields: UnknownAllow}, codes: []string{CodeMarkerSyntax}},
		{in: "+etl:contract id=a version=1.0.0 team=x",
			want: markerData{ID: "a", Version: "1.0.0", UnknownFields: UnknownAllow}, codes: []string{CodeMarkerUnknownKey}},
		{in: "+etl:contract id=Order version=1.0.0",
			want: markerData{Version: "1.0.0", UnknownFields: UnknownAllow}, codes: []string{CodeMarkerBadID}},
		{in: "+etl:contract id=a- version=1.0.0",
			want: markerData{Version: "1.0.0", UnknownFields: UnknownAllow}, codes: []string{CodeMarkerBadID}},
		{in: "+etl:contract id=a version=01.0.0",
			want: markerData{ID: "a", UnknownFields: UnknownAllow}, codes: []string{CodeMarkerBadVersion}},
		{in: "+etl:contract id=a version=1.0.0 status=live",
			want: markerData{ID: "a", Version: "1.0.0", UnknownFields: UnknownAllow}, codes: []string{CodeMarkerBadStatus}},
		{in: "+etl:contract id=a version=1.0.0 unknown_fields=drop",
			want: markerData{ID: "a", Version: "1.0.0", UnknownFields: UnknownAllow}, codes: []string{CodeMarkerBadUnknown}},
		{in: "+etl:contract id=a version=1.0.0 max_payload=0",
			want: markerData{ID: "a", Version: "1.0.0", UnknownFields: UnknownAllow}, codes: []string{CodeMarkerBadMaxPayload}},
		{in: `+etl:contract id=a version=1.0.0 freshness=15m retention=30d support=https://chat.example.com/orders contact=orders@example.com`,
			want: markerData{ID: "a", Version: "1.0.0", UnknownFields: UnknownAllow, Freshness: "15m", Retention: "30d",
				Support: "https://chat.example.com/orders", Contact: "orders@example.com"}},
		{in: "+etl:contract id=a version=1.0.0 support=mailto:orders@example.com contact=orders-team",
			want: markerData{ID: "a", Version: "1.0.0", UnknownFields: UnknownAllow, Support: "mailto:orders@example.com", Contact: "orders-team"}},
		{in: "+etl:contract id=a version=1.0.0 freshness=15 retention=0d",
			want: markerData{ID: "a", Version: "1.0.0", UnknownFields: UnknownAllow}, codes: []string{CodeMarkerBadCatalog, CodeMarkerBadCatalog}},
		{in: `+etl:contract id=a version=1.0.0 support=javascript:alert(1) contact="<b>x</b>"`,
			want: markerData{ID: "a", Version: "1.0.0", UnknownFields: UnknownAllow}, codes: []string{CodeMarkerBadCatalog, CodeMarkerBadCatalog}},
		{in: `+etl:contract id=a version=1.0.0 support="https://x.example/a b"`,
			want: markerData{ID: "a", Version: "1.0.0", UnknownFields: UnknownAllow}, codes: []string{CodeMarkerBadCatalog}},
		{in: "+etl:contract id=a version=1.0.0 id=b",
			want: markerData{ID: "a", Version: "1.0.0", UnknownFields: UnknownAllow}, codes: []string{CodeMarkerSyntax}},
		{in: "+etl:contract id version=1.0.0",
			want: markerData{Version: "1.0.0", UnknownFields: UnknownAllow}, codes: []string{CodeMarkerSyntax, CodeMarkerMissing}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ps := parseMarker(tt.in)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("marker (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.codes, problemCodes(ps)); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}
