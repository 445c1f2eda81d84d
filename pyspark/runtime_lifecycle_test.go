package pyspark_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRuntimeLifecycleLines runs the runtime's progress polling with a
// stand-in query through the lines a run prints: batch_start when a batch
// is seen running (the first one a replay of the batch the checkpoint
// logged without a commit), the batch line, one idle line per idle spell
// (however many idle progresses Spark reports), and a batch_start made
// from the progress's trigger time for a batch too short to be seen
// running, always before its batch line. The resume point reads the end
// offsets of the last committed batch and the watermark its commit
// recorded for the next one.
func TestRuntimeLifecycleLines(t *testing.T) {
	script := `
lines = []
rt.progress.emit = lambda event, **f: lines.append(dict(f, event=event))

class Handle(object):
    def __init__(self):
        self.recentProgress, self.status, self.isActive, self.id = [], {}, True, "qid"

RUNNING = {"isTriggerActive": True, "message": "Processing new data"}
WAITING = {"isTriggerActive": False, "message": "Waiting for next trigger"}

def ran(n, ts):
    return {"batchId": n, "timestamp": ts, "durationMs": {"addBatch": 5, "triggerExecution": 9}, "sources": [{}]}

def idle(n, ts):
    return {"batchId": n, "timestamp": ts, "durationMs": {"latestOffset": 1, "triggerExecution": 2}}

h = Handle()
q = rt.Query("w", h, "ident", resume=rt.ResumePoint("cp", 4, 3, {}, [{"t": {"0": 5}}], 60000))
steps = [
    ([], RUNNING),                                   # batch 4 runs: seen
    ([ran(4, "2026-07-15T10:00:01.000Z")], WAITING),  # its line
    ([idle(5, "2026-07-15T10:00:02.000Z")], WAITING),  # caught up
    ([idle(5, "2026-07-15T10:00:03.000Z")], WAITING),  # still: no second idle line
    ([ran(5, "2026-07-15T10:00:04.000Z")], WAITING),  # too short to be seen running
    ([idle(6, "2026-07-15T10:00:05.000Z")], WAITING),  # idle again after a batch
]
for progress, status in steps:
    h.recentProgress = h.recentProgress + progress
    h.status = status
    rt.progress._poll(None, [q])
got = [(ln["event"], ln.get("batch_id"), ln.get("replay"), ln.get("time")) for ln in lines]

class Text(object):
    def __init__(self, text): self.text = text
    def first(self): return [self.text]

class Session(object):
    def __init__(self, files): self.files = files
    @property
    def read(self): return self
    def text(self, path, wholetext=False): return Text(self.files[path])

commit = rt.read_commit(Session({"cp/commits/3": 'v1\n{"nextBatchWatermarkMs":60000}\n'}), "cp", 3)
print(json.dumps({"lines": got, "resume": q.resume.line(), "next": q.resume.next_batch,
                  "fresh_next": rt.ResumePoint("cp", None, None, {}).next_batch,
                  "after_commit_next": rt.ResumePoint("cp", 3, 3, {}).next_batch, "commit": commit}))
`
	var got map[string]any
	runRuntime(t, "testdata/stack_available_now", script, nil, &got)
	lines, _ := got["lines"].([]any)
	for i, l := range lines { // the live batch_start's time is the clock's
		if ln := l.([]any); ln[0] == "batch_start" && ln[1] == 4.0 && ln[3] != nil {
			lines[i] = []any{"batch_start", 4.0, true, "now"}
		}
	}
	want := map[string]any{
		"lines": []any{
			[]any{"batch_start", 4.0, true, "now"},
			[]any{"batch", 4.0, true, nil},
			[]any{"idle", 5.0, nil, nil},
			[]any{"batch_start", 5.0, false, "2026-07-15T10:00:04.000Z"},
			[]any{"batch", 5.0, false, nil},
			[]any{"idle", 6.0, nil, nil},
		},
		"resume":            map[string]any{"last_commit": 3.0, "offsets": []any{map[string]any{"t": map[string]any{"0": 5.0}}}, "watermark_ms": 60000.0},
		"next":              4.0,
		"fresh_next":        0.0,
		"after_commit_next": 4.0,
		"commit":            map[string]any{"nextBatchWatermarkMs": 60000.0},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lifecycle lines (-want +got):\n%s", diff)
	}
}
