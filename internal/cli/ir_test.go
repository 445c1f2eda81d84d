package cli

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestIRCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the IR program with the go tool")
	}
	want, err := os.ReadFile("../../framework/irload/testdata/order-streaming.ir.json")
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"ir", "-C", "../../examples/order-streaming", "."}, nil, &stdout, &stderr)
	if code != ExitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	if diff := cmp.Diff(string(want), stdout.String()); diff != "" {
		t.Errorf("etlgen ir output (-want +got):\n%s", diff)
	}
}

func TestIRCommandErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"no package", []string{"ir"}, ExitUsage},
		{"bad flag", []string{"ir", "--nope", "."}, ExitUsage},
		{"pattern", []string{"ir", "./..."}, ExitEnvironment},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := Run(context.Background(), tt.args, nil, &stdout, &stderr); code != tt.want {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tt.want, stderr.String())
			}
		})
	}
}
