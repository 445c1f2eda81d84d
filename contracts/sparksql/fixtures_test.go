package sparksql

import (
	"github.com/etlgen/etlgen/contracts"
)

// orderEvent is examples/order-streaming's OrderEvent contract, built by hand.
func orderEvent() *contracts.Contract {
	return &contracts.Contract{
		ID: "order-event", Version: "1.0.0", Name: "OrderEvent", Owner: "orders-team",
		Description:   "OrderEvent is one order event as published on the order-events topic.",
		UnknownFields: contracts.UnknownAllow,
		Fields: []contracts.Field{
			{Name: "event_id", GoName: "EventID", Type: contracts.Type{Kind: contracts.KindString}, Required: true,
				Description: "EventID is the producer's unique id of the event.",
				Constraints: []contracts.Constraint{{Kind: "required"}, {Kind: "max", Args: []string{"64"}}}},
			{Name: "order_id", GoName: "OrderID", Type: contracts.Type{Kind: contracts.KindInt64}, Required: true,
				Description: "OrderID identifies the order.",
				Constraints: []contracts.Constraint{{Kind: "gt", Args: []string{"0"}}}},
			{Name: "customer_id", GoName: "CustomerID", Type: contracts.Type{Kind: contracts.KindInt64}, Required: true,
				Description: "CustomerID identifies the customer who placed the order.",
				Constraints: []contracts.Constraint{{Kind: "gt", Args: []string{"0"}}}},
			{Name: "order_total", GoName: "OrderTotal", Type: contracts.Type{Kind: contracts.KindDecimal, Precision: 18, Scale: 2}, Required: true,
				Description: "OrderTotal is the order amount in the shop's currency.",
				Constraints: []contracts.Constraint{{Kind: "gte", Args: []string{"0"}}}},
			{Name: "status", GoName: "Status", Type: contracts.Type{Kind: contracts.KindString}, Required: true,
				Description: "Status is the payment status of the order.",
				Constraints: []contracts.Constraint{{Kind: "oneof", Args: []string{"paid", "cancelled", "refunded"}}}},
			{Name: "event_time", GoName: "EventTime", Type: contracts.Type{Kind: contracts.KindTimestamp}, Required: true,
				Description: "EventTime is when the order event happened at the producer (UTC).", EventTime: true},
		},
	}
}

// kitchenSink has every kind, every constraint, optional and nested fields,
// arrays of scalars, structs and arrays, hostile names, and rejects unknown
// members.
func kitchenSink() *contracts.Contract {
	str := contracts.Type{Kind: contracts.KindString}
	item := contracts.Type{Kind: contracts.KindStruct, Fields: []contracts.Field{
		{Name: "sku", Type: str, Required: true, Constraints: []contracts.Constraint{{Kind: "required"}, {Kind: "alphanum"}, {Kind: "uppercase"}}},
		{Name: "qty", Type: contracts.Type{Kind: contracts.KindInt32}, Required: true, Constraints: []contracts.Constraint{{Kind: "gte", Args: []string{"1"}}, {Kind: "lte", Args: []string{"1000"}}}},
		{Name: "price", Type: contracts.Type{Kind: contracts.KindDecimal, Precision: 10, Scale: 2}},
		{Name: "tags", Type: contracts.Type{Kind: contracts.KindArray, Elem: &str}, Constraints: []contracts.Constraint{{Kind: "max", Args: []string{"3"}}}},
	}}
	address := contracts.Type{Kind: contracts.KindStruct, Fields: []contracts.Field{
		{Name: "street", Type: str, Required: true},
		{Name: "zip", Type: str, Constraints: []contracts.Constraint{{Kind: "numeric"}, {Kind: "len", Args: []string{"5"}}}},
		{Name: "we'ird.name", Type: contracts.Type{Kind: contracts.KindBool}},
	}}
	matrix := contracts.Type{Kind: contracts.KindArray, Elem: &contracts.Type{Kind: contracts.KindArray, Elem: &contracts.Type{Kind: contracts.KindFloat64}}}
	return &contracts.Contract{
		ID: "kitchen-sink", Version: "0.1.0", Name: "KitchenSink",
		Description:     "KitchenSink exercises every rule. It's \"hostile\"; \\ too.",
		UnknownFields:   contracts.UnknownReject,
		MaxPayloadBytes: 4096,
		Fields: []contracts.Field{
			{Name: "id", Type: contracts.Type{Kind: contracts.KindString}, Required: true,
				Constraints: []contracts.Constraint{{Kind: "required"}, {Kind: "uuid"}}},
			{Name: "email", Type: str, Constraints: []contracts.Constraint{{Kind: "email"}, {Kind: "lowercase"}}},
			{Name: "site", Type: str, Constraints: []contracts.Constraint{{Kind: "url"}, {Kind: "startswith", Args: []string{"https://"}},
				{Kind: "endswith", Args: []string{"/"}}, {Kind: "contains", Args: []string{"'; DROP TABLE x; --"}}}},
			{Name: "code", Type: str, Required: true, Constraints: []contracts.Constraint{{Kind: "alpha"}, {Kind: "min", Args: []string{"2"}}, {Kind: "max", Args: []string{"8"}}}},
			{Name: "ref", Type: str, Constraints: []contracts.Constraint{{Kind: "pattern", Args: []string{`^(?:ORD|REF)-\d{2,4}(?:'[a-z]+)?(?:/.+)?\z`}}, {Kind: "max", Args: []string{"20"}}}},
			{Name: "count32", Type: contracts.Type{Kind: contracts.KindInt32}, Required: true, Constraints: []contracts.Constraint{{Kind: "min", Args: []string{"-5"}}, {Kind: "max", Args: []string{"+5"}}}},
			{Name: "ratio", Type: contracts.Type{Kind: contracts.KindFloat64}, Constraints: []contracts.Constraint{{Kind: "gt", Args: []string{"0.5"}}, {Kind: "lt", Args: []string{"1e3"}}}},
			{Name: "amount", Type: contracts.Type{Kind: contracts.KindDecimal, Precision: 38, Scale: 10}, Required: true, Constraints: []contracts.Constraint{{Kind: "gte", Args: []string{"-0.5"}}}},
			{Name: "active", Type: contracts.Type{Kind: contracts.KindBool}, Required: true},
			{Name: "born", Type: contracts.Type{Kind: contracts.KindDate}},
			{Name: "seen_at", Type: contracts.Type{Kind: contracts.KindTimestamp}, Required: true, EventTime: true},
			{Name: "kind", Type: str, Required: true, Description: "one of a 'b' c\\d", Constraints: []contracts.Constraint{{Kind: "oneof", Args: []string{"a", "it's", `c\d`}}}},
			{Name: "address", Type: address, Description: "optional nested struct"},
			{Name: "items", Type: contracts.Type{Kind: contracts.KindArray, Elem: &item}, Required: true, Constraints: []contracts.Constraint{{Kind: "min", Args: []string{"1"}}}},
			{Name: "matrix", Type: matrix},
			{Name: "back`tick", Type: str},
			{Name: "'; DROP TABLE x; --", Type: str},
			{Name: "new\nline $ [0] ☃", Type: str},
			{Name: `a'b"c.d`, Type: str},
		},
	}
}
