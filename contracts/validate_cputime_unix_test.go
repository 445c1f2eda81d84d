//go:build unix

package contracts_test

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) the test process has used,
// so that benchmarks can report a figure that holds on a busy machine.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
