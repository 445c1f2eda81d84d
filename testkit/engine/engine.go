package engine

import (
	"fmt"
	"os"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// Env is what an engine binds to: clock, memory streams and tables.
type Env struct {
	// Clock is the processing-time clock (batch timestamps, observed_at).
	Clock func() time.Time
	// Memory holds the memory streams by asset; missing ones are created.
	Memory map[string]*MemoryStream
	// Tables holds the memory tables by asset; missing ones are created.
	Tables map[string]*MemoryTable
	// Sources replaces the memory stream of an asset with another Source
	// (generated input for benchmarks and load tests).
	Sources map[string]Source
	// Sinks replaces the sink of a query, by asset (counting or discarding
	// sinks for benchmarks and load tests).
	Sinks map[string]Sink
	// Delta holds the Delta-like tables of the delta and delta-cdf plugins
	// (cdf_table.go); created, with Clock, when nil.
	Delta *DeltaCatalog
}

// Engine runs the queries of one pipeline.
type Engine struct {
	Pipeline string
	Queries  []*Query
	Manifest []byte
}

// Open compiles every query of pipelineID in model and positions it from
// its checkpoint. model must come from planner.Plan without errors; prof
// resolves file paths.
func Open(doc *ir.Document, pipelineID string, model *planner.Model, prof *profile.Profile, env *Env) (*Engine, error) {
	pp, ok := model.Pipeline(pipelineID)
	if !ok {
		return nil, fmt.Errorf("open engine: pipeline %s is not planned", pipelineID)
	}
	var pl *ir.Pipeline
	for i := range doc.Pipelines {
		if doc.Pipelines[i].ID == pipelineID {
			pl = &doc.Pipelines[i]
		}
	}
	if pl == nil {
		return nil, fmt.Errorf("open engine: pipeline %s is not in the document", pipelineID)
	}
	if env.Clock == nil {
		env.Clock = time.Now
	}
	if env.Memory == nil {
		env.Memory = map[string]*MemoryStream{}
	}
	if env.Tables == nil {
		env.Tables = map[string]*MemoryTable{}
	}
	if env.Delta == nil {
		env.Delta = NewDeltaCatalog(env.Clock)
	}
	manifest, err := planner.NewManifest(model).Marshal()
	if err != nil {
		return nil, err
	}
	if err := checkCompat(model, pp, manifest); err != nil {
		return nil, err
	}
	e := &Engine{Pipeline: pipelineID, Manifest: manifest}
	inputs := newInputCache()
	for i := range pp.Queries {
		q, err := openQuery(doc, pl, pp, &pp.Queries[i], prof, env)
		if err != nil {
			return nil, err
		}
		q.inputs = inputs
		e.Queries = append(e.Queries, q)
	}
	return e, nil
}

// openQuery compiles one query and recovers it from its checkpoint.
func openQuery(doc *ir.Document, pl *ir.Pipeline, pp *planner.PipelinePlan, pq *planner.Query, prof *profile.Profile, env *Env) (*Query, error) {
	var ld *ir.Load
	for i := range pl.Loads {
		if pl.Loads[i].Asset == pq.Name {
			ld = &pl.Loads[i]
		}
	}
	if ld == nil {
		return nil, fmt.Errorf("open query %s: no such load", pq.Name)
	}
	build := func() (*compiled, error) {
		c := newCompiler(doc, pl, pq.OutputMode)
		root, err := c.load(ld)
		if err != nil {
			return nil, err
		}
		return &compiled{root: root, watermarks: c.watermarks, stateful: c.stateful, extracts: c.sources, late: c.lateOut != nil}, nil
	}
	c, err := build()
	if err != nil {
		return nil, err
	}
	q := &Query{Name: pq.Name, Checkpoint: pq.Checkpoint, cp: checkpoint{dir: pq.Checkpoint}, build: build, c: c,
		pipeline: pl.ID, mode: pq.OutputMode, clock: env.Clock, sources: map[string]Source{}, validators: map[string]*validator{}}
	if err := q.bindSources(doc, pp, prof, env); err != nil {
		return nil, err
	}
	if q.sink, err = bindSink(pq, prof, env); err != nil {
		return nil, err
	}
	if err := q.recover(); err != nil {
		return nil, fmt.Errorf("open query %s: %w", pq.Name, err)
	}
	return q, nil
}

// bindSources creates a source and a validator per extract the query reads.
func (q *Query) bindSources(doc *ir.Document, pp *planner.PipelinePlan, prof *profile.Profile, env *Env) error {
	for asset, ex := range q.c.extracts {
		var plugin string
		for _, s := range pp.Sources {
			if s.Asset == asset {
				plugin = string(s.Plugin)
			}
		}
		switch plugin {
		case "memory":
			if src := env.Sources[asset]; src != nil {
				q.sources[asset] = src
				break
			}
			if env.Memory[asset] == nil {
				env.Memory[asset] = NewMemoryStream(asset)
			}
			q.sources[asset] = env.Memory[asset]
		case "file-json":
			a, _ := prof.Asset(asset)
			q.sources[asset] = &FileSource{Dir: a.Path("path"), MaxFiles: int(a.Int("max_files_per_trigger"))}
		case "delta-cdf", "delta": // cdf_source.go, cdf_sink.go
			a, _ := prof.Asset(asset)
			q.sources[asset] = deltaSource(a, ex.Static, env.Delta)
		default:
			return fmt.Errorf("open query %s: source %s: plugin %q is not supported by the local engine", q.Name, asset, plugin)
		}
		for i := range doc.Contracts {
			if doc.Contracts[i].ID == ex.Contract {
				v, err := newValidator(&doc.Contracts[i], q.pipeline)
				if err != nil {
					return err
				}
				q.validators[asset] = v
			}
		}
	}
	return nil
}

// bindSink creates the query's sink from its plugin.
func bindSink(pq *planner.Query, prof *profile.Profile, env *Env) (Sink, error) {
	if s := env.Sinks[pq.Name]; s != nil {
		return s, nil
	}
	if pq.Sink.Changes != nil {
		return bindChangeSink(pq, prof, env) // cdf_sink.go
	}
	switch pq.Sink.Plugin {
	case "delta":
		return bindDeltaSink(pq, prof, env)
	case "memory":
		t := env.Tables[pq.Name]
		if t == nil {
			mode := TableAppend
			switch {
			case len(pq.Sink.MergeKeys) > 0 || pq.Sink.WriteMode == "foreach-batch-merge":
				mode = TableMerge
			case pq.OutputMode == ModeComplete:
				mode = TableComplete
			}
			t = NewMemoryTable(pq.Name, mode, pq.Sink.MergeKeys)
			env.Tables[pq.Name] = t
		}
		return t, nil
	case "file-json":
		a, _ := prof.Asset(pq.Name)
		dir := a.Path("path")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("open sink %s: %w", pq.Name, err)
		}
		return &FileSink{Dir: dir}, nil
	}
	return nil, fmt.Errorf("open query %s: sink plugin %q is not supported by the local engine", pq.Name, pq.Sink.Plugin)
}

// RunAvailable runs batches of every query until none has anything left
// to run (processAllAvailable), calling onBatch after each batch.
func (e *Engine) RunAvailable(onBatch func(*Progress)) error {
	for {
		ran := false
		for _, q := range e.Queries {
			p, ok, err := q.RunBatch()
			if err != nil {
				return fmt.Errorf("run query %s: %w", q.Name, err)
			}
			if ok {
				ran = true
				if onBatch != nil {
					onBatch(p)
				}
			}
		}
		if !ran {
			return nil
		}
	}
}

// RunOnce runs at most one batch of every query (Trigger.Once).
func (e *Engine) RunOnce(onBatch func(*Progress)) error {
	for _, q := range e.Queries {
		p, ok, err := q.RunBatch()
		if err != nil {
			return fmt.Errorf("run query %s: %w", q.Name, err)
		}
		if ok && onBatch != nil {
			onBatch(p)
		}
	}
	return nil
}

// Query returns the named query.
func (e *Engine) Query(name string) (*Query, bool) {
	for _, q := range e.Queries {
		if q.Name == name {
			return q, true
		}
	}
	return nil, false
}
