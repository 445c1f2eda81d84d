package irload

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBuildEnv(t *testing.T) {
	tests := []struct {
		name    string
		environ []string
		want    []string
	}{
		{"default", []string{"HOME=/h", "PATH=/bin"}, []string{"HOME=/h", "PATH=/bin", "GOGC=" + buildGOGC}},
		{"empty", nil, []string{"GOGC=" + buildGOGC}},
		{"user GOGC", []string{"GOGC=50", "PATH=/bin"}, []string{"GOGC=50", "PATH=/bin"}},
		{"user GOMEMLIMIT", []string{"GOMEMLIMIT=1GiB"}, []string{"GOMEMLIMIT=1GiB"}},
		{"GOGCX is not GOGC", []string{"GOGCX=1"}, []string{"GOGCX=1", "GOGC=" + buildGOGC}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, buildEnv(tt.environ)); diff != "" {
				t.Errorf("buildEnv(%q) (-want +got):\n%s", tt.environ, diff)
			}
		})
	}
}
