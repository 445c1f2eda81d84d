package profile

import "sync"

// builtin is the Default registry the engine facts are read from.
var builtin = sync.OnceValue(Default)

// OnSpark reports whether the named engine runs pipelines on Spark
// (Engine.Spark); false for an unknown engine or an unbound plan ("").
func OnSpark(engine string) bool { return builtin().onSpark(engine) }

// InProcess reports whether the named engine runs pipelines in the
// etlgen process (Engine.InProcess); false for an unknown engine or an
// unbound plan ("").
func InProcess(engine string) bool { return builtin().inProcess(engine) }

// onSpark reports whether the registry's engine of that name runs on Spark.
func (r *Registry) onSpark(engine string) bool {
	e, ok := r.LookupEngine(engine)
	return ok && e.Spark
}

// inProcess reports whether the registry's engine of that name runs in
// the etlgen process.
func (r *Registry) inProcess(engine string) bool {
	e, ok := r.LookupEngine(engine)
	return ok && e.InProcess
}
