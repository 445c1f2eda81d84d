package run

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/sparkrun/doctor"
)

// TestLiveSparkLine: a run is refused before any program starts when the
// server's Spark line is not the profile's spark_version (ETL-E702, an
// EnvironmentError), and goes on when it is. It asks the stack's server
// for its line, so it checks both outcomes on a 4.1 and on a 4.2 stack.
func TestLiveSparkLine(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("set ETLGEN_STACK=1 with the local stack running (make stack-up)")
	}
	remote := os.Getenv("ETLGEN_SPARK_REMOTE")
	if remote == "" {
		remote = "sc://127.0.0.1:15002"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	parse := func(line string) *profile.Profile {
		yaml := "name: p\nengine: pyspark\nexecution:\n  checkpoint_root: /tmp/cp\nresources:\n  spark: {connect_url: \"" + remote +
			"\", spark_version: \"" + line + "\"}\n"
		p, diags := profile.Parse("p.yaml", []byte(yaml))
		if diags.HasErrors() {
			t.Fatalf("profile: %v", diags)
		}
		return p
	}
	rep := doctor.CheckServer(ctx, doctor.Config{ConnectURL: remote})
	if !rep.OK() || len(rep.Checks) != 3 || len(rep.Warnings()) != 0 { // the stack sets the codegen cache
		t.Fatalf("server version: %+v", rep.Checks)
	}
	server := rep.Checks[1].Detail // e.g. 4.2.0
	for _, line := range profile.SparkLines {
		err := checkServer(ctx, Options{Profile: parse(line)})
		var env *EnvironmentError
		switch {
		case strings.HasPrefix(server, line+"."):
			if err != nil {
				t.Errorf("profile %s on Spark %s: %v, want no error", line, server, err)
			}
		case !errors.As(err, &env) || !strings.Contains(err.Error(), doctor.CodeSparkVersion):
			t.Errorf("profile %s on Spark %s: %v, want an EnvironmentError with %s", line, server, err, doctor.CodeSparkVersion)
		}
	}
}
