// Package filelock is an exclusive, non-blocking lock on a file, shared by
// the local engine (a checkpoint's lock) and etlgen run (the lease of a
// Spark driver on its checkpoints).
//
// On Unix the lock is flock(2) on an open file: the kernel releases it
// when every descriptor of the file is closed, so a crash of the holder
// never leaves a stale lock, and a child process that inherits the
// descriptor (exec.Cmd.ExtraFiles) holds the lock with its parent until
// both have ended. Elsewhere the lock is the file's exclusive creation,
// which survives a crash (StaleHint says so).
//
// It lives under localengine, the lowest layer that locks files; run, a
// layer above, imports it for the driver lease.
package filelock
