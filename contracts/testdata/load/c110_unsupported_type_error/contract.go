// Package case110 is a contract loader test case: Go types with no contract kind.
package case110

// Event has fields of unsupported types.
// +etl:contract id=event version=1.0.0
type Event struct {
	// Int is a plain int.
	Int int `json:"int"`
	// Small is a uint8.
	Small uint8 `json:"small"`
	// Ratio is a float32.
	Ratio float32 `json:"ratio"`
	// Attrs is a map.
	Attrs map[string]string `json:"attrs"`
	// Raw is a byte slice.
	Raw []byte `json:"raw"`
	// Any is an interface.
	Any any `json:"any"`
	// Triple is an array.
	Triple [3]int64 `json:"triple"`
	// PtrPtr is a pointer to a pointer.
	PtrPtr **string `json:"ptr_ptr"`
	// Nullable has nullable elements.
	Nullable []*string `json:"nullable"`
	// Ints has unsupported elements.
	Ints []uint64 `json:"ints"`
}
