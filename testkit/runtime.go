package testkit

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
)

// DefaultProcessingTime is where the processing-time clock starts unless
// ProcessingTime says otherwise.
var DefaultProcessingTime = time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC)

// Runtime is a pipeline running on the local engine in a test.
type Runtime struct {
	tb       testing.TB
	pipeline *etl.Pipeline
	cfg      config
	prof     *profile.Profile
	env      *localengine.Env
	eng      *localengine.Engine
	now      time.Time
	// Progress lists every batch run so far, in order.
	Progress []localengine.Progress
}

// Option configures Start and Restart.
type Option func(*config)

type config struct {
	profileFile string
	profileYAML string
	start       time.Time
	pipeline    *etl.Pipeline
	delta       *localengine.DeltaCatalog // WithDelta (cdf.go)
}

// ProfileFile runs the pipeline with the profile at path.
func ProfileFile(path string) Option { return func(c *config) { c.profileFile = path } }

// ProfileYAML runs the pipeline with an inline profile; relative paths
// resolve against the test's working directory.
func ProfileYAML(yaml string) Option { return func(c *config) { c.profileYAML = yaml } }

// ProcessingTime sets where the processing-time clock starts.
func ProcessingTime(t time.Time) Option { return func(c *config) { c.start = t.UTC() } }

// WithPipeline restarts with another version of the pipeline (Restart).
func WithPipeline(p *etl.Pipeline) Option { return func(c *config) { c.pipeline = p } }

// Start plans p with the test profile and starts it; it fails the test when
// the planner reports errors.
func Start(tb testing.TB, p *etl.Pipeline, opts ...Option) *Runtime {
	tb.Helper()
	rt := &Runtime{tb: tb, pipeline: p, env: &localengine.Env{}}
	for _, o := range opts {
		o(&rt.cfg)
	}
	rt.env.Delta = rt.cfg.delta
	rt.now = rt.cfg.start
	if rt.now.IsZero() {
		rt.now = DefaultProcessingTime
	}
	rt.env.Clock = func() time.Time { return rt.now }
	if err := rt.open(p); err != nil {
		tb.Fatalf("testkit: start %s: %v", p.ID(), err)
	}
	tb.Cleanup(rt.close)
	return rt
}

// open plans p and opens the engine over the runtime's streams and tables.
func (rt *Runtime) open(p *etl.Pipeline) error {
	doc := etl.DocumentOf(p)
	if rt.prof == nil {
		prof, err := rt.loadProfile(doc, p.ID())
		if err != nil {
			return err
		}
		rt.prof = prof
	}
	model, l := planner.Plan(doc, rt.prof, planner.Options{Pipelines: []string{p.ID()}})
	if l.HasErrors() {
		return fmt.Errorf("plan: %w", renderDiags(l))
	}
	eng, err := localengine.Open(model, p.ID(), rt.env)
	if err != nil {
		return err
	}
	rt.eng, rt.pipeline = eng, p
	return nil
}

// loadProfile reads the configured profile or builds the memory one.
func (rt *Runtime) loadProfile(doc *ir.Document, id string) (*profile.Profile, error) {
	var prof *profile.Profile
	var l diag.List
	switch {
	case rt.cfg.profileFile != "":
		p, pl, err := profile.Load(rt.cfg.profileFile)
		if err != nil {
			return nil, err
		}
		prof, l = p, pl
	case rt.cfg.profileYAML != "":
		prof, l = profile.Parse("inline.yaml", []byte(rt.cfg.profileYAML))
	default:
		prof, l = profile.Parse(filepath.Join(rt.tb.TempDir(), "test.yaml"), memoryProfile(doc, id, rt.tb.TempDir()))
	}
	if l.HasErrors() {
		return nil, fmt.Errorf("profile: %w", renderDiags(l))
	}
	return prof, nil
}

// memoryProfile binds every asset of pipeline id (its quarantine gates'
// outputs included) to the memory plugin.
func memoryProfile(doc *ir.Document, id, checkpoints string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "name: test\nengine: local\ntest: true\nexecution:\n  mode: structured-streaming\n  trigger: {type: available-now}\n  checkpoint_root: %q\nassets:\n", checkpoints)
	var assets []string
	for _, p := range doc.Pipelines {
		if p.ID != id {
			continue
		}
		for _, e := range p.Extracts {
			assets = append(assets, e.Asset)
		}
		for _, ld := range p.Loads {
			assets = append(assets, ld.Asset)
		}
		for _, g := range p.Gates {
			if g.Output != "" {
				assets = append(assets, g.Output)
			}
		}
	}
	sort.Strings(assets)
	for _, a := range assets {
		fmt.Fprintf(&b, "  %s: {plugin: memory}\n", a)
	}
	return b.Bytes()
}

func renderDiags(l diag.List) error {
	var b strings.Builder
	_ = diag.WriteText(&b, l)
	return errors.New(strings.TrimSpace(b.String()))
}

// engineOrFatal returns the running engine, failing when stopped.
func (rt *Runtime) engineOrFatal() *localengine.Engine {
	rt.tb.Helper()
	if rt.eng == nil {
		rt.tb.Fatalf("testkit: the pipeline is stopped; call Restart first")
	}
	return rt.eng
}
