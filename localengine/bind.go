package localengine

import (
	"fmt"

	"github.com/etlgen/etlgen/planner"
)

// bindSources opens, through its plugin, the source of every extract the
// query reads, and a validator for each payload source.
func (q *Query) bindSources(m *planner.Model, args sourceArgs) error {
	for asset, s := range q.c.extracts {
		src, err := openSource(s, args)
		if err != nil {
			return fmt.Errorf("open query %s: %w", q.Name, err)
		}
		q.sources[asset] = src
		if _, ok := src.(Source); !ok {
			continue // typed rows: nothing to validate
		}
		ct := s.Def
		if ct == nil {
			return fmt.Errorf("open query %s: source %s: unknown contract %s", q.Name, asset, s.Contract)
		}
		v, err := newValidator(ct, q.pipeline)
		if err != nil {
			return fmt.Errorf("open query %s: source %s: %w", q.Name, asset, err)
		}
		q.validators[asset] = v
		if fs, ok := src.(*FileSource); ok {
			fs.fitLines(ct)
		}
	}
	return nil
}

// openSource opens one planned source: the Env's replacement for its asset,
// else its plugin's factory for its role.
func openSource(s *planner.Source, a sourceArgs) (Stream, error) {
	if src := a.env.Sources[s.Asset]; src != nil {
		return src, nil
	}
	if s.Binding == nil {
		return nil, fmt.Errorf("source %s is not bound to an asset", s.Asset)
	}
	open, ok := plugins[s.Plugin].Sources[s.Binding.Role]
	if !ok {
		return nil, fmt.Errorf("source %s: plugin %s has no %s reader on the local engine", s.Asset, s.Plugin, s.Binding.Role)
	}
	a.src = s
	src, err := open(a)
	if err != nil {
		return nil, fmt.Errorf("open source %s (%s): %w", s.Asset, s.Plugin, err)
	}
	return src, nil
}

// bindSink opens the query's sink: the Env's replacement for it, else its
// plugin's writer for its role, or (a CDF MERGE load) the ChangeSink over
// the plugin's change target.
func bindSink(pq *planner.Query, args sinkArgs) (Sink, error) {
	if s := args.env.Sinks[pq.Name]; s != nil {
		return s, nil
	}
	b := pq.Sink.Binding
	if b == nil {
		return nil, fmt.Errorf("open query %s: sink %s is not bound to an asset", pq.Name, pq.Name)
	}
	p := plugins[pq.Sink.Plugin]
	if pq.Sink.Changes != nil {
		if p.Changes == nil {
			return nil, fmt.Errorf("open query %s: plugin %s cannot apply changes on the local engine", pq.Name, pq.Sink.Plugin)
		}
		return newChangeSink(pq, p.Changes, args) // cdf_sink.go
	}
	open, ok := p.Sinks[b.Role]
	if !ok {
		return nil, fmt.Errorf("open query %s: plugin %s has no %s writer on the local engine", pq.Name, pq.Sink.Plugin, b.Role)
	}
	s, err := open(args)
	if err != nil {
		return nil, fmt.Errorf("open sink %s (%s): %w", pq.Name, pq.Sink.Plugin, err)
	}
	return s, nil
}
