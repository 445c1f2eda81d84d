package pyspark

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// programView is what the program template renders; every string that
// reaches Python is already a Python literal or identifier, except the
// plain text fields the template quotes itself with doc (PyDoc) or comment
// (PyComment): Title, File, and the sources' Asset, Plugin, Contract and
// Rows, the steps' ID, Transformation and Params, the queries' and late
// outputs' Title.
type programView struct {
	PipelineID, Version, Profile string // Python literals
	Title                        string // plain text for the docstring
	File                         string // the program's file name (plain text)
	Remote                       string
	Conf                         []kv
	// RemoteEnv and ConfEnv name, for each Connect URL parameter and
	// session conf key the program reads from the environment, the
	// variable (names only: the value never reaches the program text).
	RemoteEnv, ConfEnv []kv
	StopPolicy         string
	StopTimeout        string
	// ServerLossTimeout is execution.server_loss_timeout in seconds.
	ServerLossTimeout string
	Sources           []*sourceView
	Steps             []*stepView
	Queries           []*queryView
	Lates             []*lateView
	// Gated: a query has quality gates (its foreachBatch is bound to the
	// batch it replays with functools.partial).
	Gated bool
	// Replay is the replay ledger of a replay program (GenerateReplay);
	// nil in a pipeline's program.
	Replay *replayView
	// RuntimeImports are the runtime package's plugin modules the program
	// imports, sorted: those of the plugins it reads or writes
	// (Plugin.Runtime), each registering its sink kind when imported.
	RuntimeImports []string
}

// kv is one dict entry, both sides Python literals.
type kv struct{ Key, Value string }

// gen carries what the view builders of one pipeline share: the model,
// the module's identifiers handed out so far, the views built so far, by
// asset and by step id, and the steps the expression being built reads
// (a cycle guard).
type gen struct {
	m       *planner.Model
	pp      *planner.PipelinePlan
	ids     *idents
	sources map[string]*sourceView
	steps   map[string]*stepView
	reading map[string]bool
	// observing collects, while a query's expression is built, the
	// validated streaming sources whose read it observes (each once);
	// nil otherwise.
	observing *[]*sourceView
	// expecting is, while a query's expression is built, the query whose
	// expectations apply to the streams it reads (expectOn), expectConst
	// the constant that lists them; nil otherwise.
	expecting   *planner.Query
	expectConst string
	// quarantining is, while the expression of a Quarantined() load is
	// built, its view (quarantined fills its Quarantine); nil otherwise.
	quarantining *queryView
	// replay is the quarantine replay a replay program feeds; nil in a
	// pipeline's program.
	replay *Replay
	// runtime collects the names of the plugin runtime modules the
	// program's readers and writers use (Plugin.Runtime).
	runtime map[string]bool
}

func buildProgram(m *planner.Model, pp *planner.PipelinePlan) (*programView, error) {
	return buildReplayable(m, pp, nil)
}

// buildReplayable is buildProgram; with replay, the program of that
// replay (GenerateReplay).
func buildReplayable(m *planner.Model, pp *planner.PipelinePlan, replay *Replay) (*programView, error) {
	g := &gen{m: m, pp: pp, ids: newIdents(), sources: map[string]*sourceView{}, steps: map[string]*stepView{}, replay: replay,
		runtime: map[string]bool{}}
	pv := &programView{PipelineID: PyString(pp.ID), Version: PyString(pp.Version), Profile: PyString(m.Profile),
		Title: pp.ID + " " + pp.Version + " on profile " + m.Profile, File: ProgramName(pp.ID)}
	if err := g.session(pv); err != nil {
		return nil, err
	}
	for i := range pp.Sources {
		sv, err := g.source(&pp.Sources[i])
		if err != nil {
			return nil, err
		}
		g.sources[sv.Asset] = sv
		pv.Sources = append(pv.Sources, sv)
	}
	for i := range pp.Steps {
		sv, err := g.step(&pp.Steps[i])
		if err != nil {
			return nil, err
		}
		g.steps[pp.Steps[i].Step.ID] = sv
		pv.Steps = append(pv.Steps, sv)
	}
	if err := g.queries(pv); err != nil {
		return nil, err
	}
	pv.RuntimeImports = slices.Sorted(maps.Keys(g.runtime))
	return pv, nil
}

// session fills the Spark Connect URL, session conf, the environment
// references and the stop policy from the model's session and execution
// settings. A literal credential is an error, never program text.
func (g *gen) session(pv *programView) error {
	pv.Remote = PyString("sc://127.0.0.1:15002")
	conf := map[string]string{}
	if s := g.m.Session; s != nil {
		if err := literalsSafe(s.LiteralSecret); err != nil {
			return err
		}
		pv.Remote = PyString(s.Remote)
		maps.Copy(conf, s.Conf)
		pv.RemoteEnv, pv.ConfEnv = sortedKV(s.RemoteEnv), sortedKV(s.ConfEnv)
	}
	ex := g.m.Execution
	pv.StopPolicy, pv.StopTimeout = PyString(ex.StopPolicy), fmt.Sprintf("%.1f", ex.StopTimeout.Seconds())
	if ex.StopPolicy == "" {
		pv.StopPolicy = PyString(profile.StopFinishBatch)
	}
	if pv.StopTimeout == "0.0" {
		pv.StopTimeout = "300.0"
	}
	pv.ServerLossTimeout = fmt.Sprintf("%.1f", ex.ServerLossTimeout.Seconds())
	if pv.ServerLossTimeout == "0.0" {
		pv.ServerLossTimeout = "60.0"
	}
	pv.Conf = sortedKV(conf)
	return nil
}

// literalsSafe refuses to write a literal credential into a program: the
// profile parser refuses them (ETL-P313), and the planner names any the
// model's session, sources and sinks still hold (found: key and reason,
// never the value).
func literalsSafe(found string) error {
	if found != "" {
		return fmt.Errorf("refusing to write a credential into the program: %s; reference it by environment variable", found)
	}
	return nil
}

// declared returns c, the contract the model resolved id to; an error
// when the model's document does not declare it (c is nil).
func declared(c *contracts.Contract, id string) (*contracts.Contract, error) {
	if c == nil {
		return nil, fmt.Errorf("contract %s is not in the IR document", id)
	}
	return c, nil
}

func sortedKV(m map[string]string) []kv {
	out := make([]kv, 0, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, kv{Key: PyString(k), Value: PyString(m[k])})
	}
	return out
}

// optionsKV renders planner options as dict entries (already sorted by
// name).
// optionsKV renders the literal reader options; an option whose value is
// an ${env:NAME} reference is left out (optionsEnvKV).
func optionsKV(opts []planner.Option) []kv {
	out := []kv{}
	for _, o := range opts {
		if o.Env == "" {
			out = append(out, kv{Key: PyString(o.Name), Value: PyString(o.Value)})
		}
	}
	return out
}

// optionsEnvKV renders the reader options read from the environment when
// the program starts: Spark option → variable name.
func optionsEnvKV(opts []planner.Option) []kv {
	var out []kv
	for _, o := range opts {
		if o.Env != "" {
			out = append(out, kv{Key: PyString(o.Name), Value: PyString(o.Env)})
		}
	}
	return out
}

// constName is the upper-case constant prefix of a claimed base name.
func constName(base string) string { return strings.ToUpper(base) }

// pyList renders strings as Python literals.
func pyList(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = PyString(s)
	}
	return out
}
