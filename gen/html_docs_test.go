package gen

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// pipelineCases are the golden cases of the pipeline generators: a
// directory with ir.json (etlgen ir output) and, when bound, profile.yaml.
func pipelineCases(t testing.TB) []string {
	t.Helper()
	dirs, err := filepath.Glob("testdata/pipeline_*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no pipeline cases: %v", err)
	}
	return dirs
}

// pipelineModel plans a case's IR, bound to its profile when it has one.
func pipelineModel(t testing.TB, dir string) *Model {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "ir.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ir.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	var prof *profile.Profile
	if path := filepath.Join(dir, "profile.yaml"); fileExists(path) {
		p, diags, err := profile.Load(path)
		if err != nil || diags.HasErrors() {
			t.Fatalf("profile %s: %v %v", path, err, diags)
		}
		prof = p
	}
	return planned(doc, prof)
}

// planned is the model of doc planned as the CLI plans it, bound to prof
// when it is not nil, with the IR's contracts as one loaded package (as
// etlgen contracts loads them).
func planned(doc *ir.Document, prof *profile.Profile) *Model {
	plan, diags := planner.Plan(doc, prof, planner.Options{})
	pkg := Package{Path: doc.Package, Name: "case", Contracts: doc.Contracts}
	return &Model{Packages: []Package{pkg}, Plan: plan, Diagnostics: diags}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// pipelineGenerators are the generators of ODCS (bound: with servers), DTCS,
// DPCS and the docs.
func pipelineGenerators() []Generator {
	return []Generator{ODCS{}, DTCS{}, DPCS{}, Mermaid{}, DOT{}, HTML{}}
}

func TestPipelineGolden(t *testing.T) {
	for _, dir := range pipelineCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			var sink MemorySink
			gens := pipelineGenerators()
			if filepath.Base(dir) == "pipeline_hostile" {
				// Its hand-made contract ids are not kebab case (the loader
				// rejects them: ETL-C104), so ODCS file names would hold
				// them; hostile_fields covers ODCS of hostile contracts.
				gens = gens[1:]
			}
			if _, err := Run(context.Background(), gens, pipelineModel(t, dir), &sink); err != nil {
				t.Fatal(err)
			}
			if len(sink.Files) < 5 {
				t.Errorf("got %d files, want at least 5: %v", len(sink.Files), sink.Paths())
			}
			compareGolden(t, filepath.Join(dir, "want"), sink.Files)
		})
	}
}

func TestPipelineGeneratorsAreDeterministic(t *testing.T) {
	dir := "testdata/pipeline_bound"
	var a, b MemorySink
	for _, s := range []*MemorySink{&a, &b} {
		if _, err := Run(context.Background(), pipelineGenerators(), pipelineModel(t, dir), s); err != nil {
			t.Fatal(err)
		}
	}
	for p, data := range a.Files {
		if string(b.Files[p]) != string(data) {
			t.Errorf("%s differs between two runs", p)
		}
	}
}

// yamlValue reads a YAML file as a JSON value for schema validation.
func yamlValue(t testing.TB, data []byte) any {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal(data, &n); err != nil {
		t.Fatal(err)
	}
	v, err := yamlToJSON(&n)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// committed lists committed files matching the patterns.
func committed(t testing.TB, patterns ...string) []string {
	t.Helper()
	var out []string
	for _, g := range patterns {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	return out
}

func validateFiles(t *testing.T, schema *jsonschema.Schema, files []string) {
	t.Helper()
	if len(files) == 0 {
		t.Fatal("no files to validate")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), "# "+Header+"\n") {
			t.Errorf("%s: missing generated-file header", f)
		}
		if err := schema.Validate(yamlValue(t, data)); err != nil {
			t.Errorf("%s does not validate: %v", f, err)
		}
	}
}

func dpcsSchema(t testing.TB) *jsonschema.Schema {
	return compileSchema(t, filepath.Join(sharedDir(t), "schemas", "dpcs-PipelineContract.schema.json"))
}

func TestDPCSFilesValidateAgainstSchema(t *testing.T) {
	validateFiles(t, dpcsSchema(t), committed(t, "testdata/pipeline_*/want/pipelines/*.dpcs.yaml", "../examples/*/contracts/pipelines/*.dpcs.yaml"))
}

func TestDTCSFilesValidateAgainstSchema(t *testing.T) {
	schema := compileSchema(t, "schemas/dtcs.schema.json")
	validateFiles(t, schema, committed(t, "testdata/pipeline_*/want/transformations/*.dtcs.yaml", "../examples/*/contracts/transformations/*.dtcs.yaml"))
}

// TestSchemasRejectBrokenDocuments shows both schema checks can fail.
func TestSchemasRejectBrokenDocuments(t *testing.T) {
	m := pipelineModel(t, "testdata/pipeline_bound")
	dpcs := DPCSOf(m, &m.Plan.Pipelines[0])
	dpcs.ID = ""
	data, err := marshalYAML(dpcs)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(data), "graph:\n", "graphs:\n", 1)
	if err := dpcsSchema(t).Validate(yamlValue(t, []byte(broken))); err == nil {
		t.Error("a DPCS document without graph validated")
	}
	dtcs := DTCSOf(m, &m.Plan.Document().Transformations[0])
	dtcs.Semantics.Aggregates[0].Function = "median"
	data, err = marshalYAML(dtcs)
	if err != nil {
		t.Fatal(err)
	}
	if err := compileSchema(t, "schemas/dtcs.schema.json").Validate(yamlValue(t, data)); err == nil {
		t.Error("a DTCS aggregate with an unknown function validated")
	}
}

// TestDTCSSchemaKnowsEveryAggregate: every aggregate of the IR is a
// function the DTCS schema accepts, so a new aggregate cannot produce DTCS
// files that fail validation.
func TestDTCSSchemaKnowsEveryAggregate(t *testing.T) {
	m := pipelineModel(t, "testdata/pipeline_bound")
	schema := compileSchema(t, "schemas/dtcs.schema.json")
	for _, f := range ir.Funcs() {
		if !f.Agg {
			continue
		}
		dtcs := DTCSOf(m, &m.Plan.Document().Transformations[0])
		dtcs.Semantics.Aggregates[0].Function = string(f.Func)
		data, err := marshalYAML(dtcs)
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(yamlValue(t, data)); err != nil {
			t.Errorf("aggregate %s: %v", f.Func, err)
		}
	}
}

func TestDTCSLineageAndSemantics(t *testing.T) {
	m := pipelineModel(t, "testdata/pipeline_bound")
	doc := DTCSOf(m, &m.Plan.Document().Transformations[0])
	lineage := map[string]string{}
	for _, l := range doc.Lineage {
		lineage[l.Column] = strings.Join(l.From, ",")
	}
	for col, want := range map[string]string{
		"customer_id": "orders.customer_id", "window_start": "orders.event_time",
		"paid_order_total": "orders.order_total", "paid_order_count": "orders.order_id",
	} {
		if lineage[col] != want {
			t.Errorf("lineage of %s = %q, want %q", col, lineage[col], want)
		}
	}
	s := doc.Semantics
	if s.EventTime == nil || s.EventTime.Column != "event_time" || s.EventTime.Input != "orders" {
		t.Errorf("event time = %+v, want orders.event_time", s.EventTime)
	}
	if len(s.Windows) != 1 || s.Windows[0].Kind != "tumbling" || s.Windows[0].Duration != "1h0m0s" {
		t.Errorf("windows = %+v", s.Windows)
	}
	if s.OutputMode != "update" || !s.Stateful || len(s.Filters) != 1 || s.Filters[0] != "status = 'paid'" {
		t.Errorf("semantics = %+v", s)
	}
}

func TestDPCSUnboundSaysSo(t *testing.T) {
	m := pipelineModel(t, "testdata/pipeline_unbound")
	d := DPCSOf(m, &m.Plan.Pipelines[0])
	if d.Execution.Environment.Profile != Unbound || d.Execution.Etlgen.Trigger != Unbound || d.Bound.Bound {
		t.Errorf("unbound execution = %+v", d.Execution)
	}
	for _, in := range d.Interface.Inputs {
		if in.Binding != nil {
			t.Errorf("unbound input %s has a binding", in.ID)
		}
	}
}

// TestBoundSystemsAreThePluginsDisplayNames: the system a binding names in
// the DPCS file and the graph is the Display of the plugin's spec in the
// registry, for every bound source and sink.
func TestBoundSystemsAreThePluginsDisplayNames(t *testing.T) {
	m := pipelineModel(t, "testdata/pipeline_bound")
	pp := &m.Plan.Pipelines[0]
	d := DPCSOf(m, pp)
	nodes := map[string]string{}
	for _, n := range PipelineGraph(m, pp).Nodes {
		nodes[string(n.Kind)+":"+n.Ref] = n.Title
	}
	for _, port := range append(d.Interface.Inputs, d.Interface.Outputs...) {
		spec, ok := profile.Default().Lookup(port.Binding.Plugin)
		if !ok || spec.Display == "" {
			t.Fatalf("%s: plugin %q has no display name", port.ID, port.Binding.Plugin)
		}
		if port.Binding.System != spec.Display {
			t.Errorf("%s: system = %q, want %q", port.ID, port.Binding.System, spec.Display)
		}
		title := nodes["source:"+port.ID] + nodes["sink:"+port.ID] + nodes["quarantine:"+port.ID] + nodes["late:"+port.ID]
		if !strings.HasPrefix(title, spec.Display+": ") {
			t.Errorf("%s: graph title = %q, want the prefix %q", port.ID, title, spec.Display+": ")
		}
	}
}

// TestDocsNeverShowSecrets binds the example to a profile holding a
// credential reference and an environment-variable secret: the page and the
// pipeline contract show the references, never the values.
func TestDocsNeverShowSecrets(t *testing.T) {
	t.Setenv("ORDERS_KAFKA_SASL", "user:envsecret-value")
	t.Setenv("S3_SECRET", "conf-secret-value")
	prof := strings.Replace(string(mustRead(t, "testdata/pipeline_bound/profile.yaml")),
		"    security_protocol: PLAINTEXT\n",
		"    security_protocol: SASL_SSL\n    sasl_mechanism: SCRAM-SHA-512\n    credential_env: ORDERS_KAFKA_SASL\n", 1)
	prof = strings.Replace(prof, "    session_timezone: UTC\n",
		"    session_timezone: UTC\n    conf: {spark.hadoop.fs.s3a.secret.key: \"${env:S3_SECRET}\"}\n", 1)
	path := filepath.Join(t.TempDir(), "profile.yaml")
	if err := os.WriteFile(path, []byte(prof), 0o644); err != nil {
		t.Fatal(err)
	}
	p, diags, err := profile.Load(path)
	if err != nil || diags.HasErrors() {
		t.Fatalf("profile: %v %v", err, diags)
	}
	doc, err := ir.Unmarshal(mustRead(t, "testdata/pipeline_bound/ir.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := planned(doc, p)
	var sink MemorySink
	if _, err := Run(context.Background(), pipelineGenerators(), m, &sink); err != nil {
		t.Fatal(err)
	}
	html := string(sink.Files["customer-order-streaming.html"])
	for _, want := range []string{"credential_env=${env:ORDERS_KAFKA_SASL}", "${env:S3_SECRET}"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for path, data := range sink.Files {
		for _, secret := range []string{"envsecret-value", "conf-secret-value"} {
			if strings.Contains(string(data), secret) {
				t.Errorf("%s shows the secret %q", path, secret)
			}
		}
	}
}

// TestQuarantineGateOutputInGraph: a quarantine gate's output is a
// quarantine node of the graph, fed by what the gated load reads (the
// step), the edge naming the gate; the DPCS gate's outcome names it.
func TestQuarantineGateOutputInGraph(t *testing.T) {
	m := pipelineModel(t, filepath.Join("..", "pyspark", "testdata", "gates_quarantine"))
	pp := &m.Plan.Pipelines[0]
	g := PipelineGraph(m, pp)
	n, ok := g.Node("sink_sparse_order_windows")
	if !ok || n.Kind != NodeQuarantine || n.Title != "Delta: CustomerOrderWindow" || n.Detail != "sparse_order_windows · quarantine.sparse_order_windows" {
		t.Fatalf("node %+v (found %v), want the Delta quarantine node of sparse_order_windows", n, ok)
	}
	want := GraphEdge{From: "step_aggregate_customer_orders", To: "sink_sparse_order_windows", Label: "gate"}
	if !slices.Contains(g.Edges, want) {
		t.Errorf("edges %+v lack %+v", g.Edges, want)
	}
	d := DPCSOf(m, pp)
	i := slices.IndexFunc(d.QualityGates, func(g DPCSQualityGate) bool { return g.ID == "gate-customers-per-window" })
	if i < 0 || !strings.Contains(d.QualityGates[i].OnFailure, "go to sparse_order_windows") {
		t.Errorf("DPCS gates %+v, want gate-customers-per-window's outcome to name sparse_order_windows", d.QualityGates)
	}
	if !slices.ContainsFunc(d.Interface.Outputs, func(p DPCSPort) bool { return p.ID == "sparse_order_windows" && p.Binding != nil }) {
		t.Errorf("DPCS outputs %+v lack sparse_order_windows with its binding", d.Interface.Outputs)
	}
	files, err := DPCS{}.Generate(context.Background(), m)
	if err != nil || len(files) != 1 {
		t.Fatalf("DPCS: %v, %d files", err, len(files))
	}
	if err := dpcsSchema(t).Validate(yamlValue(t, files[0].Data)); err != nil {
		t.Errorf("the DPCS with a gate output does not validate: %v", err)
	}
}
