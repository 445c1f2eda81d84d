//go:build unix && !linux

package sparkrun

import (
	"os/exec"
	"syscall"
)

// detach starts the program in a process group of its own: a terminal's
// Ctrl-C reaches etlgen only, which forwards one SIGTERM, so the program
// stops by its stop policy instead of seeing SIGINT and SIGTERM (the second
// of which means "now").
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
