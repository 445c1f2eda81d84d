package sparkverdicts_test

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/planner/sparkverdicts"
	"github.com/etlgen/etlgen/pyspark"
)

// etlgenState is etlgen's verdict on a case as the run judged it (the
// profile renamed for the run).
type etlgenState struct {
	verdict sparkverdicts.Etlgen
	diags   diag.List
}

// add judges a case with the run's names and adds its job: the generated
// program when etlgen accepts the pipeline, else the equivalent queries.
func (r *stackRun) add(c sparkverdicts.Case) error {
	doc, err := c.Document()
	if err != nil {
		return err
	}
	prof, err := r.renamedFile(c, sparkverdicts.FileProfile)
	if err != nil {
		return err
	}
	v, m, diags := sparkverdicts.Judge(doc, prof, r.line)
	j := job{Name: c.Name, etlgen: etlgenState{verdict: v, diags: diags}, Conf: namedSourceConf(m)}
	dir := filepath.Join(r.names.dir, c.Name)
	if v.Accepted() {
		files, err := pyspark.Generate(m)
		if err != nil {
			return err
		}
		if err := pyspark.Write(dir, files); err != nil {
			return err
		}
		for i := range m.Pipelines {
			j.Programs = append(j.Programs, program{Dir: dir, Path: filepath.Join(dir, pyspark.ProgramName(m.Pipelines[i].ID)),
				Module: fmt.Sprintf("corpus_%s_%d", c.Name, i)})
		}
		j.Kind, j.ran, j.Until = sparkverdicts.RanProgram, sparkverdicts.RanProgram, until(sparkTrigger(m.Trigger))
		r.jobs = append(r.jobs, j)
		return nil
	}
	add := sparkverdicts.Equivalent{Options: map[string]map[string]string{}}
	m = sparkverdicts.EquivalentModel(doc, prof, r.line) // etlgen rejects the case: its broken assets bound all the same
	if e := c.Equivalent; e != nil {
		eq, err := r.renamedFile(c, sparkverdicts.FileEquivalent)
		if err != nil {
			return err
		}
		m = sparkverdicts.EquivalentModel(doc, eq, r.line)
		for asset, opts := range e.Options {
			add.Options[asset] = map[string]string{}
			for k, v := range opts {
				add.Options[asset][k] = r.names.scalar(v)
			}
		}
		add.Trigger, add.Modes = e.Trigger, e.Modes
	}
	j.Conf = namedSourceConf(m)
	if j.Queries, err = equivalentQueries(m, dir, add); err != nil {
		return err
	}
	if len(j.Queries) == 0 {
		return fmt.Errorf("no query to run: every load reads an Invalid() or Late() output")
	}
	j.Kind, j.ran, j.Until = sparkverdicts.RanEquivalent, sparkverdicts.RanEquivalent, until(j.Queries[0].Trigger)
	r.jobs = append(r.jobs, j)
	return nil
}

// renamedFile reads one of the case's profiles with the run's names,
// targeting the run's Spark line. The line goes in before the names:
// renaming re-writes the profile in block style, which OnLine does not edit.
func (r *stackRun) renamedFile(c sparkverdicts.Case, name string) ([]byte, error) {
	data, err := c.Read(name)
	if err != nil {
		return nil, err
	}
	return r.names.profile(sparkverdicts.OnLine(data, r.line))
}

// until says how long the harness runs a job's queries: to their end
// (available-now, once), or to their first micro-batch.
func until(trigger string) string {
	if trigger == "default" || strings.HasPrefix(trigger, "processingTime=") {
		return "first-batch"
	}
	return "end"
}

// jobOf returns the run's job of a case.
func (r *stackRun) jobOf(name string) (job, bool) {
	for _, j := range r.jobs {
		if j.Name == name {
			return j, true
		}
	}
	return job{}, false
}

// namedSourceConf is the part of a model's session conf that names
// streaming sources (planner.NamesSources: on 4.2 the program sets it in
// its SESSION_CONF), which the harness's shared sessions must run a job
// under; nil on a line that does not name sources.
func namedSourceConf(m *planner.Model) map[string]string {
	if m == nil || m.Session == nil {
		return nil
	}
	out := map[string]string{}
	for _, k := range []string{planner.SourceEvolutionConf, planner.OffsetLogFormatConf, planner.RepartitionCheckConf} {
		if v, ok := m.Session.Conf[k]; ok {
			out[k] = v
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
