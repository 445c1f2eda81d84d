package engine

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckpointVerify: after three committed batches into a file sink,
// deleting or cutting entries of the checkpoint or of the sink log makes
// the next open fail with a coded error instead of re-planning a batch
// over other data; deleting the whole sink directory or nothing does not.
func TestCheckpointVerify(t *testing.T) {
	rm := func(parts ...string) func(r *fileSinkRig) {
		return func(r *fileSinkRig) {
			for _, p := range parts {
				if err := os.RemoveAll(filepath.Join(r.query().Checkpoint, p)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	tests := []struct {
		name   string
		mutate func(r *fileSinkRig)
		code   string // "" opens
	}{
		{"intact", func(*fileSinkRig) {}, ""},
		{"last offsets deleted", rm("offsets/2"), CodeCheckpointGap},
		{"middle offsets deleted", rm("offsets/1"), CodeCheckpointGap},
		{"middle commit deleted", rm("commits/1"), CodeCheckpointGap},
		{"last offsets and commit deleted", rm("offsets/2", "commits/2"), CodeSinkLogMismatch},
		{"last commit deleted: re-run", rm("commits/2"), ""},
		{"sink log cut", func(r *fileSinkRig) {
			log := filepath.Join(r.out, sinkLogDir, r.query().ID+".log")
			data, _ := os.ReadFile(log)
			lines := strings.SplitAfter(string(data), "\n")
			if err := os.WriteFile(log, []byte(strings.Join(lines[:2], "")), 0o644); err != nil {
				t.Fatal(err)
			}
		}, CodeSinkLogMismatch},
		{"sink directory deleted", func(r *fileSinkRig) { os.RemoveAll(r.out) }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newFileSinkRig(t, nil)
			for range 3 {
				r.batch()
			}
			r.eng.Close()
			tt.mutate(r)
			err := r.tryReopen()
			var ce *CheckpointError
			switch {
			case tt.code == "" && err != nil:
				t.Fatalf("open: %v", err)
			case tt.code != "" && (!errors.As(err, &ce) || ce.Code != tt.code || !strings.Contains(err.Error(), tt.code)):
				t.Fatalf("open: %v; want a %s CheckpointError", err, tt.code)
			}
		})
	}
}
