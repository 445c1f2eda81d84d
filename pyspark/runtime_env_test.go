package pyspark_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRuntimeEnvReferences runs the runtime's environment references:
// Connect URL parameters read from variables and URL-encoded (read back by
// PySpark's own ChannelBuilder: the token it sends, the headers), a
// missing or empty variable (an error naming it, classified environment,
// exit 16), redaction of every value read (also URL-encoded, also the
// password part of Kafka credentials) in the JSON lines and on stderr,
// a reader option read from a variable (options_from_env), and values
// read on the driver travelling with a foreachBatch function
// pickled by value to a process without the variables.
func TestRuntimeEnvReferences(t *testing.T) {
	script := `
import contextlib, io, os, pickle, subprocess
from pyspark import cloudpickle
from pyspark.sql.connect.client.core import DefaultChannelBuilder

TOKEN = "tok+en/=;ABC123"
os.environ.update({"SPARK_TOKEN": TOKEN, "GATEWAY_KEY": "gw-key-000", "KAFKA_SASL": "etl:pa;ss\"w0rd", "EMPTY_VAR": "", "SHORT": "abc",
                   "TRUST_PW": "trust-pw-123"})
os.environ.pop("UNSET_VAR", None)
out = {}
url = rt.connect_url("sc://h:15002/;use_ssl=true", {"token": "SPARK_TOKEN", "x-api-key": "GATEWAY_KEY"})
cb = DefaultChannelBuilder(url)
out["token_sent"] = cb.token == TOKEN
out["headers"] = [list(kv) for kv in cb.metadata()]
out["plain"] = rt.connect_url("sc://h:15002", {})
out["no_path"] = rt.connect_url("sc://h:15002", {"token": "SPARK_TOKEN"}).startswith("sc://h:15002/;token=")
errors = []
read = rt.options_from_env({"subscribe": "t"}, {"kafka.ssl.truststore.password": "TRUST_PW"})
out["options_env"] = [read == {"subscribe": "t", "kafka.ssl.truststore.password": "trust-pw-123"}, rt.redact("pw trust-pw-123")]
try:
    rt.options_from_env({}, {"kafka.ssl.key.password": "UNSET_VAR"})
except EnvironmentError as exc:
    out["options_env"].append(str(exc))
for name in ("UNSET_VAR", "EMPTY_VAR"):
    try:
        rt.env_value(name, "Spark Connect URL parameter token")
    except EnvironmentError as exc:
        errors.append([str(exc), list(rt.classify(exc)[:2])])
out["errors"] = errors
opts = rt.kafka_credentials({"subscribe": "t"}, "KAFKA_SASL", "SCRAM-SHA-512")
rt.env_value("SHORT", "conf")
out["redacted"] = rt.redact(["url " + url, opts["kafka.sasl.jaas.config"], {"k": "abc stays"}])

def run(connect):
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = rt.run(connect, lambda spark: [])
    return code, stdout.getvalue(), stderr.getvalue()

code, stdout, _ = run(lambda: rt.session("sc://127.0.0.1:1", {}, remote_env={"token": "UNSET_VAR"}))
end = json.loads(stdout.strip().splitlines()[-1])
out["missing_run"] = [code, end["status"], end["failure"]["code"], "UNSET_VAR" in end["failure"]["message"]]

def leaky():
    raise RuntimeError("cannot parse %s (token %s, password %s)" % (url, TOKEN, "pa;ss\"w0rd"))

code, stdout, stderr = run(leaky)
out["leak_run"] = [code, TOKEN in stdout + stderr, "pa;ss" in stdout + stderr, "gw-key-000" in stdout + stderr,
                   "<redacted>" in stdout and "<redacted>" in stderr]

# A function running in foreachBatch (on the server) reads the driver's values.
cloudpickle.register_pickle_by_value(rt)
def late_reread():
    return rt.kafka_credentials({}, "KAFKA_SASL", "PLAIN")["kafka.sasl.jaas.config"]
blob = cloudpickle.dumps(late_reread)
env = {k: v for k, v in os.environ.items() if k not in ("KAFKA_SASL", "SPARK_TOKEN", "GATEWAY_KEY")}
child = subprocess.run([sys.executable, "-c", "import pickle, sys; print(pickle.loads(sys.stdin.buffer.read())())"],
                       input=blob, capture_output=True, env=env)
out["worker"] = 'username="etl"' in child.stdout.decode()
print(json.dumps(out, sort_keys=True))
`
	var got map[string]any
	runRuntime(t, "testdata/secrets_env", script, nil, &got)
	want := map[string]any{
		"token_sent": true,
		"headers":    []any{[]any{"x-api-key", "gw-key-000"}},
		"plain":      "sc://h:15002",
		"no_path":    true,
		"errors": []any{
			[]any{"[ETLGEN_MISSING_ENV] environment variable UNSET_VAR (Spark Connect URL parameter token) is not set", []any{"environment", 16.0}},
			[]any{"[ETLGEN_MISSING_ENV] environment variable EMPTY_VAR (Spark Connect URL parameter token) is empty", []any{"environment", 16.0}},
		},
		"redacted": []any{
			"url sc://h:15002/;use_ssl=true;token=<redacted>;x-api-key=<redacted>",
			`org.apache.kafka.common.security.scram.ScramLoginModule required username="etl" password="<redacted>";`,
			map[string]any{"k": "abc stays"},
		},
		"missing_run": []any{16.0, "failed", "environment", true},
		"options_env": []any{true, "pw <redacted>",
			"[ETLGEN_MISSING_ENV] environment variable UNSET_VAR (reader option kafka.ssl.key.password) is not set"},
		"leak_run": []any{1.0, false, false, false, true},
		"worker":   true,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("env references (-want +got):\n%s", diff)
	}
}

// TestProgramNamesEnvOnly: the golden case with every env reference
// generates a program holding the variable names, and none of their values
// even when they are set while generating.
func TestProgramNamesEnvOnly(t *testing.T) {
	values := map[string]string{"SPARK_TOKEN": "tok-VALUE-1", "GATEWAY_KEY": "gw-VALUE-2", "S3_SSE_KEY": "sse-VALUE-3",
		"LAKE_ACCESS_KEY": "ak-VALUE-4", "LAKE_SECRET_KEY": "sk-VALUE-5", "ORDERS_KAFKA_SASL": "u:pw-VALUE-6"}
	for k, v := range values {
		t.Setenv(k, v)
	}
	for _, f := range generateCase(t, "testdata/secrets_env") {
		for name, v := range values {
			if strings.Contains(string(f.Data), v) {
				t.Errorf("%s holds the value of %s", f.Path, name)
			}
			if !strings.Contains(string(f.Data), `"`+name+`"`) && !strings.HasPrefix(f.Path, "etlgen_runtime/") {
				t.Errorf("%s does not name %s", f.Path, name)
			}
		}
	}
}
