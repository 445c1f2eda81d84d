package contracts_test

import (
	"fmt"

	"github.com/etlgen/etlgen/contracts"
)

func ExampleValidate() {
	ev, rej := contracts.Validate[valOrderEvent]([]byte(`{"event_id":"evt-1","order_id":1001,"customer_id":42,
		"order_total":19.99,"status":"paid","event_time":"2026-07-15T13:50:00+02:00"}`))
	fmt.Println(ev.OrderID, ev.OrderTotal, ev.EventTime, rej == nil)

	_, rej = contracts.Validate[valOrderEvent]([]byte(`{"event_id":"evt-2","order_id":0}`))
	fmt.Println(rej.ReasonCode, rej.FieldPath)
	// Output:
	// 1001 19.99 2026-07-15 11:50:00 +0000 UTC true
	// OUT_OF_RANGE order_id
}

func ExampleRecordValidator() {
	v, err := contracts.NewRecordValidator(&valShipmentContract)
	if err != nil {
		panic(err)
	}
	_, rej := v.Validate([]byte(`{"id":"123e4567-e89b-12d3-a456-426614174000","event":{"order_id":7},
		"items":[{"sku":"AB12","qty":2},{"sku":"CD34","qty":0}]}`))
	fmt.Println(rej.ReasonCode, rej.FieldPath)
	// Output: OUT_OF_RANGE items[1].qty
}
