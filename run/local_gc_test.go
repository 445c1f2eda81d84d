package run

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// A small live heap grows by localGCHeadroom between collections, a large
// one by localGCPercent of itself.
func TestGCPercent(t *testing.T) {
	cases := []struct {
		live uint64
		want int
	}{
		{0, localGCPercent},
		{1 << 20, 3200},
		{8 << 20, 400},
		{20 << 20, 160},
		{40 << 20, 80},
		{64 << 20, localGCPercent},
		{1 << 30, localGCPercent},
	}
	for _, c := range cases {
		got := gcPercent(c.live)
		if got != c.want {
			t.Errorf("gcPercent(%d MiB) = %d; want %d", c.live>>20, got, c.want)
		}
		if growth := c.live * uint64(got) / 100; c.live > 0 && growth < min(localGCHeadroom, c.live*localGCPercent/100) {
			t.Errorf("gcPercent(%d MiB): the heap grows by %d bytes; want at least the headroom", c.live>>20, growth)
		}
	}
}

// tightenGC sets the target after each collection (a test's heap is
// small: more than localGCPercent), and its restore puts the setting
// before back, also after collections that ran meanwhile.
func TestTightenGC(t *testing.T) {
	t.Setenv("GOGC", "")
	if err := os.Unsetenv("GOGC"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { debug.SetGCPercent(100) })
	debug.SetGCPercent(123)
	restore := tightenGC()
	tuned := false
	for deadline := time.Now().Add(5 * time.Second); !tuned && time.Now().Before(deadline); {
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // the finalizer runs in a goroutine of its own
		tuned = gogc() > localGCPercent
	}
	restore()
	runtime.GC()
	runtime.GC()
	time.Sleep(10 * time.Millisecond)
	if !tuned {
		t.Errorf("GOGC during the run stayed at %d; want the headroom's, more than %d", gogc(), localGCPercent)
	}
	if got := gogc(); got != 123 {
		t.Errorf("GOGC after restore = %d; want 123", got)
	}
}

func gogc() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
}
