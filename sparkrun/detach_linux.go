package sparkrun

import (
	"os/exec"
	"syscall"
)

// detach starts the program in a process group of its own: a terminal's
// Ctrl-C reaches etlgen only, which forwards one SIGTERM, so the program
// stops by its stop policy instead of seeing SIGINT and SIGTERM (the second
// of which means "now"). The kernel sends it SIGTERM when etlgen dies (the
// parent-death signal), besides the end of file on its stdin the runtime
// watches: either makes it stop by its stop policy, and the second of the
// two does not count as a second signal.
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}
