package localengine

import (
	"fmt"
	"sync/atomic"
	"testing"
)

// TestOnEveryCoreFirstError: every index runs once, and the error is the
// lowest failing index's, as a loop in order would return, whichever
// call ends first.
func TestOnEveryCoreFirstError(t *testing.T) {
	cases := []struct {
		name string
		n    int
		fail []int
		want string
	}{
		{"none", 0, nil, ""},
		{"one ok", 1, nil, ""},
		{"one failing", 1, []int{0}, "fail 0"},
		{"all ok", 9, nil, ""},
		{"last fails", 9, []int{8}, "fail 8"},
		{"several fail", 9, []int{7, 2, 5}, "fail 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fails := map[int]bool{}
			for _, i := range c.fail {
				fails[i] = true
			}
			calls := make([]atomic.Int32, c.n)
			err := onEveryCore(c.n, func(i int) error {
				calls[i].Add(1)
				if fails[i] {
					return fmt.Errorf("fail %d", i)
				}
				return nil
			})
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != c.want {
				t.Errorf("error %q, want %q", got, c.want)
			}
			for i := range calls {
				if n := calls[i].Load(); n != 1 {
					t.Errorf("fn(%d) called %d times, want once", i, n)
				}
			}
		})
	}
}
