package irload

import (
	"runtime"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBuildEnv(t *testing.T) {
	gogc, procs := "GOGC="+buildGOGC, "GOMAXPROCS="+buildGOMAXPROCS
	tests := []struct {
		name    string
		environ []string
		want    []string
	}{
		{"default", []string{"HOME=/h", "PATH=/bin"}, []string{"HOME=/h", "PATH=/bin", gogc, procs}},
		{"empty", nil, []string{gogc, procs}},
		{"user GOGC", []string{"GOGC=50", "PATH=/bin"}, []string{"GOGC=50", "PATH=/bin", procs}},
		{"user GOMEMLIMIT", []string{"GOMEMLIMIT=1GiB"}, []string{"GOMEMLIMIT=1GiB", procs}},
		{"user GOMAXPROCS", []string{"GOMAXPROCS=4"}, []string{"GOMAXPROCS=4", gogc}},
		{"GOGCX is not GOGC", []string{"GOGCX=1"}, []string{"GOGCX=1", gogc, procs}},
		{"a value is not a name", []string{"X=GOGC=1"}, []string{"X=GOGC=1", gogc, procs}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, buildEnv(tt.environ)); diff != "" {
				t.Errorf("buildEnv(%q) (-want +got):\n%s", tt.environ, diff)
			}
		})
	}
}

func TestParallelism(t *testing.T) {
	ours := []string{"-p=" + strconv.Itoa(runtime.GOMAXPROCS(0))}
	tests := []struct {
		goflags string
		want    []string
	}{
		{"", ours},
		{"-mod=mod", ours},
		{"-mod=mod -p=3", nil},
		{"-p 3", nil},
		{"--p=3", nil},
		{"-pgo=off", ours},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, parallelism(tt.goflags)); diff != "" {
			t.Errorf("parallelism(%q) (-want +got):\n%s", tt.goflags, diff)
		}
	}
}
