package testkit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/localengine"
)

// AddEvents adds typed events to the memory stream of asset, as the JSON
// payloads a producer would publish (decimals as JSON numbers). They are
// validated against the extract's contract like any payload.
func AddEvents[T any](rt *Runtime, asset string, events ...T) {
	rt.tb.Helper()
	c, _ := contracts.Of[T]()
	raws := make([][]byte, len(events))
	for i, e := range events {
		raw, err := EncodeEvent(e, c)
		if err != nil {
			rt.tb.Fatalf("testkit: add events to %s: %v", asset, err)
		}
		raws[i] = raw
	}
	rt.AddRawPayloads(asset, raws...)
}

// AddRawPayloads adds payloads to the memory stream of asset as they are,
// valid or not.
func (rt *Runtime) AddRawPayloads(asset string, raws ...[]byte) {
	rt.tb.Helper()
	rt.stream(rt.tb, asset).Add(raws...)
}

// stream returns the memory stream of asset.
func (rt *Runtime) stream(tb testing.TB, asset string) *localengine.MemoryStream {
	tb.Helper()
	s, ok := rt.env.Memory[asset]
	if !ok {
		tb.Fatalf("testkit: %s is not a memory source of the pipeline (have %v)", asset, slices.Sorted(maps.Keys(rt.env.Memory)))
	}
	return s
}

// EncodeEvent renders v as a JSON payload: encoding/json, with the
// decimal fields of contract c (when known) written as JSON numbers.
func EncodeEvent(v any, c *contracts.Contract) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil || c == nil {
		return raw, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("encode event: %w", err)
	}
	numbers(m, c.Fields)
	return json.Marshal(m)
}

// numbers turns quoted decimals into JSON numbers, recursively.
func numbers(m map[string]any, fields []contracts.Field) {
	for _, f := range fields {
		switch f.Type.Kind {
		case contracts.KindDecimal:
			if s, ok := m[f.Name].(string); ok {
				m[f.Name] = json.Number(s)
			}
		case contracts.KindStruct:
			if sub, ok := m[f.Name].(map[string]any); ok {
				numbers(sub, f.Type.Fields)
			}
		}
	}
}
