package localengine

import (
	"fmt"
	"slices"
	"testing"
)

// TestKeyedStateChanges checks that the changed keys carry the values m
// holds: get reads them first, refresh reloads them after m changed
// directly (a shrink renumbering groups).
func TestKeyedStateChanges(t *testing.T) {
	s := newKeyedState(int64Codec)
	s.m["kept"] = 1
	s.set("a", 2)
	s.set("b", 3)
	s.remove("b")
	s.touch("kept", 1)
	for _, c := range []struct {
		k    string
		v    int64
		held bool
	}{{"kept", 1, true}, {"a", 2, true}, {"b", 0, false}, {"none", 0, false}} {
		if v, ok := s.get(c.k); v != c.v || ok != c.held {
			t.Errorf("get(%q) = %d, %v; want %d, %v", c.k, v, ok, c.v, c.held)
		}
	}
	s.m["a"], s.m["kept"] = 20, 10
	s.refresh()
	if v, _ := s.get("a"); v != 20 {
		t.Errorf("after refresh get(a) = %d, want 20", v)
	}
	if v, _ := s.get("kept"); v != 10 {
		t.Errorf("after refresh get(kept) = %d, want 10", v)
	}
	if _, ok := s.get("b"); ok {
		t.Error("after refresh b is back")
	}
	s.clean()
	if len(s.dirty) != 0 {
		t.Errorf("clean left %d changes", len(s.dirty))
	}
}

// TestKeyedStateChangedKeys checks that a delta's keys are the changed
// keys sorted whatever sorted keys the operator recorded: taken from them
// when they hold every changed key, sorted anew when they miss one.
func TestKeyedStateChangedKeys(t *testing.T) {
	want := []string{"a", "b", "c"}
	for _, tc := range []struct {
		name   string
		sorted []string
	}{
		{"none recorded", nil},
		{"exactly the changed keys", []string{"a", "b", "c"}},
		{"more than the changed keys", []string{"0", "a", "aa", "b", "c", "d"}},
		{"one missing", []string{"a", "c", "d"}},
		{"as many, one other", []string{"a", "b", "z"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newKeyedState(int64Codec)
			s.m["kept"] = 1
			s.set("c", 2)
			s.set("a", 3)
			s.remove("b")
			s.sortedKeys(tc.sorted)
			if got := s.changedKeys(); !slices.Equal(got, want) {
				t.Errorf("changedKeys = %v, want %v", got, want)
			}
			s.clean()
			s.set("e", 4)
			if got := s.changedKeys(); !slices.Equal(got, []string{"e"}) {
				t.Errorf("after clean changedKeys = %v, want [e]", got)
			}
		})
	}
}

// TestExpiryIndex checks that due pops exactly the keys of the entries
// after the previous watermark and at or before this one, across pages,
// after adds and after a build.
func TestExpiryIndex(t *testing.T) {
	const n = 3*(1<<pageBits) + 7
	var x, y expiryIndex
	var entries []timed
	for i := range n {
		e := timed{int64((i * 7919) % n), fmt.Sprint(i % 1000)}
		x.add(e.t, e.k)
		entries = append(entries, e)
	}
	y.build(entries)
	for _, ix := range []*expiryIndex{&x, &y} {
		prev := int64(-2)
		for _, wm := range []int64{-1, 0, 10, 2000, n} {
			want := map[string]bool{}
			for _, e := range entries {
				if e.t > prev && e.t <= wm {
					want[e.k] = true
				}
			}
			got := ix.due(wm)
			if len(got) != len(want) {
				t.Fatalf("due(%d): %d keys, want %d", wm, len(got), len(want))
			}
			for _, k := range got {
				if !want[k] {
					t.Fatalf("due(%d) returned %q", wm, k)
				}
			}
			prev = wm
		}
		if ix.h.n != 0 {
			t.Errorf("%d entries left after due(%d)", ix.h.n, n)
		}
	}
}
