//go:build !unix

package pyspark

import "os/exec"

// detach does nothing where process groups are not available.
func detach(*exec.Cmd) {}
