package profile_test

import (
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
)

func TestSparkVersion(t *testing.T) {
	for _, tc := range []struct {
		name, spark, want string
		bad               bool
	}{
		{name: "default", spark: `{connect_url: "sc://127.0.0.1:15002"}`, want: "4.1"},
		{name: "4.2 quoted", spark: `{connect_url: "sc://127.0.0.1:15002", spark_version: "4.2"}`, want: "4.2"},
		{name: "4.2 plain", spark: `{connect_url: "sc://127.0.0.1:15002", spark_version: 4.2}`, want: "4.2"},
		{name: "4.1", spark: `{connect_url: "sc://127.0.0.1:15002", spark_version: "4.1"}`, want: "4.1"},
		{name: "4.3 refused", spark: `{connect_url: "sc://127.0.0.1:15002", spark_version: "4.3"}`, bad: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "name: p\nengine: pyspark\nexecution:\n  checkpoint_root: /tmp/cp\nresources:\n  spark: " + tc.spark + "\n"
			p, diags := profile.Parse("p.yaml", []byte(src))
			if diags.HasErrors() != tc.bad {
				t.Fatalf("errors %v, want errors %v", diags, tc.bad)
			}
			if tc.bad {
				return
			}
			if got := p.SparkVersion(); got != tc.want {
				t.Errorf("SparkVersion() = %q, want %q", got, tc.want)
			}
		})
	}
}
