package localengine

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCheckpointVerify: after three committed batches into a file sink,
// deleting or cutting entries of the checkpoint or of the sink log makes
// the next open fail with a coded error instead of re-planning a batch
// over other data, or hiding committed rows for good (the sink's log, or
// its whole directory, deleted); deleting nothing, or the last commit
// (the batch runs again), does not.
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
		{"first offsets deleted", rm("offsets/0"), CodeCheckpointGap},
		{"first offsets and commit deleted", rm("offsets/0", "commits/0"), CodeCheckpointGap},
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
		{"offsets moved back", editOffsets(t, 2, func(ol *OffsetLog) {
			for a, o := range ol.Sources {
				o.N = 0
				ol.Sources[a] = o
			}
		}), CodeBadOffsets},
		{"offsets of another batch", editOffsets(t, 1, func(ol *OffsetLog) { ol.BatchID = 2 }), CodeBadOffsets},
		{"offsets watermark goes back", editOffsets(t, 2, func(ol *OffsetLog) { ol.LateEventsWatermarkMs = -5 }), CodeBadOffsets},
		{"offsets not JSON", func(r *fileSinkRig) {
			if err := os.WriteFile(filepath.Join(r.query().Checkpoint, "offsets", "1"), []byte("{"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, CodeBadOffsets},
		{"sink log deleted", func(r *fileSinkRig) { os.Remove(filepath.Join(r.out, sinkLogDir, r.query().ID+".log")) }, CodeSinkLogMismatch},
		{"sink directory deleted", func(r *fileSinkRig) { os.RemoveAll(r.out) }, CodeSinkLogMismatch},
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

// editOffsets rewrites offsets/n of the rig's checkpoint with edit.
func editOffsets(t *testing.T, n int, edit func(*OffsetLog)) func(r *fileSinkRig) {
	return func(r *fileSinkRig) {
		path := filepath.Join(r.query().Checkpoint, "offsets", strconv.Itoa(n))
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var ol OffsetLog
		if err := json.Unmarshal(data, &ol); err != nil {
			t.Fatal(err)
		}
		edit(&ol)
		data, _ = json.Marshal(ol)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHostedSinkLogVerified: a hosted load's sink log is checked like its
// host's: deleting it after committed batches stops the restart (ETL-K522)
// instead of hiding the committed rows of that load for good.
func TestHostedSinkLogVerified(t *testing.T) {
	for _, load := range []string{"rejected", "rejected_audit"} {
		t.Run(load, func(t *testing.T) {
			r := newMSRig(t, msDoc(nil), nil, nil)
			r.files = []string{"rejected", "rejected_audit"}
			r.open()
			r.triggers(msTriggers...)
			r.close()
			logs, err := filepath.Glob(filepath.Join(r.dir, "sinks", load, sinkLogDir, "*.log"))
			if err != nil || len(logs) != 1 {
				t.Fatalf("sink logs of %s: %v %v; want one", load, logs, err)
			}
			if err := os.Remove(logs[0]); err != nil {
				t.Fatal(err)
			}
			var ce *CheckpointError
			if err := r.tryOpen(); !errors.As(err, &ce) || ce.Code != CodeSinkLogMismatch || !strings.Contains(err.Error(), "load "+load+" ") {
				t.Fatalf("reopen after deleting the log of %s: %v; want %s naming the load", load, err, CodeSinkLogMismatch)
			}
		})
	}
}
