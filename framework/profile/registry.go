package profile

import (
	"fmt"
	"maps"
	"slices"
)

// Registry holds the plugin, resource-kind and engine specs a profile is
// checked against. The zero value is empty; Default returns the built-in set.
type Registry struct {
	plugins   map[string]*Plugin
	resources map[string]*ResourceKind
	engines   map[string]*Engine
}

// Default returns a new registry holding the plugins their packages
// registered (RegisterDefault: plugins/<name>, all of them imported by
// plugins/all) and the built-in resource kinds and engines, listed in
// builtin_resources.go and builtin_plugins.go.
func Default() *Registry {
	r := &Registry{}
	for _, p := range registered {
		r.mustAdd(r.Register(p))
	}
	for _, k := range builtinResourceKinds() {
		r.mustAdd(r.RegisterResource(k))
	}
	for _, e := range builtinEngines() {
		r.mustAdd(r.RegisterEngine(e))
	}
	return r
}

// registered are the plugins added by RegisterDefault, in call order.
var registered []Plugin

// RegisterDefault adds a plugin to the set every Default registry holds. A
// plugin package (plugins/<name>) calls it from its init function, as a
// database/sql driver registers itself; plugins/all imports every plugin
// package, and the top of the program (cmd/etlgen, internal/cli, tests)
// imports plugins/all. Call it only from init: Default reads the set
// without a lock.
func RegisterDefault(p Plugin) { registered = append(registered, p) }

func (r *Registry) mustAdd(err error) {
	if err != nil {
		panic(err) // a duplicate built-in is a programming error
	}
}

// Register adds a plugin spec; a name already registered is an error.
func (r *Registry) Register(p Plugin) error {
	if r.plugins == nil {
		r.plugins = map[string]*Plugin{}
	}
	if _, dup := r.plugins[string(p.Name)]; dup || p.Name == "" {
		return fmt.Errorf("register plugin %q: empty or already registered", p.Name)
	}
	r.plugins[string(p.Name)] = &p
	return nil
}

// RegisterResource adds a resource-kind spec; a name already registered is an error.
func (r *Registry) RegisterResource(k ResourceKind) error {
	if r.resources == nil {
		r.resources = map[string]*ResourceKind{}
	}
	if _, dup := r.resources[k.Name]; dup || k.Name == "" {
		return fmt.Errorf("register resource kind %q: empty or already registered", k.Name)
	}
	r.resources[k.Name] = &k
	return nil
}

// RegisterEngine adds an engine spec; a name already registered is an error.
func (r *Registry) RegisterEngine(e Engine) error {
	if r.engines == nil {
		r.engines = map[string]*Engine{}
	}
	if _, dup := r.engines[e.Name]; dup || e.Name == "" {
		return fmt.Errorf("register engine %q: empty or already registered", e.Name)
	}
	r.engines[e.Name] = &e
	return nil
}

// Lookup returns the plugin spec with the given name.
func (r *Registry) Lookup(name string) (*Plugin, bool) {
	p, ok := r.plugins[name]
	return p, ok
}

// LookupResource returns the resource-kind spec with the given name.
func (r *Registry) LookupResource(name string) (*ResourceKind, bool) {
	k, ok := r.resources[name]
	return k, ok
}

// LookupEngine returns the engine spec with the given name.
func (r *Registry) LookupEngine(name string) (*Engine, bool) {
	e, ok := r.engines[name]
	return e, ok
}

// Walk calls fn for every plugin in name order.
func (r *Registry) Walk(fn func(*Plugin)) {
	for _, n := range slices.Sorted(maps.Keys(r.plugins)) {
		fn(r.plugins[n])
	}
}

// WalkResources calls fn for every resource kind in name order.
func (r *Registry) WalkResources(fn func(*ResourceKind)) {
	for _, n := range slices.Sorted(maps.Keys(r.resources)) {
		fn(r.resources[n])
	}
}

// WalkEngines calls fn for every engine in name order.
func (r *Registry) WalkEngines(fn func(*Engine)) {
	for _, n := range slices.Sorted(maps.Keys(r.engines)) {
		fn(r.engines[n])
	}
}

// PluginNames returns the registered plugin names, sorted.
func (r *Registry) PluginNames() []string { return slices.Sorted(maps.Keys(r.plugins)) }

// EngineNames returns the registered engine names, sorted.
func (r *Registry) EngineNames() []string { return slices.Sorted(maps.Keys(r.engines)) }

// ResourceKindNames returns the registered resource-kind names, sorted.
func (r *Registry) ResourceKindNames() []string { return slices.Sorted(maps.Keys(r.resources)) }
