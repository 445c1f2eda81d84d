//go:build unix

package run

import (
	"errors"
	"syscall"
)

// alive reports whether a process with this pid exists (signal 0: EPERM
// means it exists under another user).
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
