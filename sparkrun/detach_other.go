//go:build !unix

package sparkrun

import "os/exec"

// detach does nothing where process groups are not available.
func detach(*exec.Cmd) {}
