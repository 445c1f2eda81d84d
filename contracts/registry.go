package contracts

import (
	"fmt"
	"reflect"
	"sort"
	"sync"
)

// registry maps Go types to their contracts. Generated zz_etlgen.go files fill
// it from init functions; it is the only package-level mutable state.
var registry = struct {
	sync.RWMutex
	byType map[reflect.Type]*Contract
	byID   map[string]*Contract
}{byType: map[reflect.Type]*Contract{}, byID: map[string]*Contract{}}

// Register records the contract of Go type t. Registering the same id twice
// for different types is a programmer error and returns an error.
func Register(t reflect.Type, c Contract) error {
	registry.Lock()
	defer registry.Unlock()
	if prev, ok := registry.byID[c.ID]; ok && prev.Package+"."+prev.Name != c.Package+"."+c.Name {
		return fmt.Errorf("register contract %s: id already used by %s.%s", c.ID, prev.Package, prev.Name)
	}
	cp := c
	registry.byType[t] = &cp
	registry.byID[c.ID] = &cp
	return nil
}

// MustRegister is Register for generated code: it panics on a duplicate id,
// which can only be a programming error.
func MustRegister(t reflect.Type, c Contract) {
	if err := Register(t, c); err != nil {
		panic(err)
	}
}

// Lookup returns the registered contract of Go type t.
func Lookup(t reflect.Type) (*Contract, bool) {
	registry.RLock()
	defer registry.RUnlock()
	c, ok := registry.byType[t]
	return c, ok
}

// LookupID returns the registered contract with the given id.
func LookupID(id string) (*Contract, bool) {
	registry.RLock()
	defer registry.RUnlock()
	c, ok := registry.byID[id]
	return c, ok
}

// Of returns the registered contract of T.
func Of[T any]() (*Contract, bool) { return Lookup(reflect.TypeFor[T]()) }

// All returns every registered contract, sorted by id.
func All() []*Contract {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]*Contract, 0, len(registry.byID))
	for _, c := range registry.byID {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
