// Package faults injects file-system faults into what the local engine
// (package localengine, `etlgen run` on a local profile) writes, for the
// fault-injection suite in this package's tests.
//
// # Flow
//
//	Inject(rng, path, kind) → Fault   truncate, corrupt (flip bytes), overwrite with
//	                                  garbage, delete, make read-only or replace
//	                                  by a directory one file, at an offset drawn
//	                                  from rng; Fault says what was done
//	Fault.Undo                        lifts a read-only fault so the test's
//	                                  temporary directory can be removed
//
// The suite (faults_test.go) runs a pipeline (the order-streaming example,
// or one with a window aggregate and a dedup: scenario_test.go) over
// file-json inputs into file-json sinks twice, a clean run and one with a
// fault injected into one file of its checkpoints or sinks: between two
// runs, after a batch crashed before its commit, or between two
// micro-batches of a run. The faulty run and `etlgen show`'s reading of its
// sinks (run.ReadSink), and then one more run and read, must each either
// give exactly the clean run's rows or fail with a coded error (ETL-K5xx)
// that names the file; a panic or a run over two minutes fails too. Every trial derives from a seed: `go test
// ./testkit/faults -seed S -faults N` (or ETLGEN_FAULTS_SEED,
// ETLGEN_FAULTS) re-runs it; `make faults` runs a long series.
//
// # Read-only as root
//
// chmod does not stop root, so KindReadOnly sets the immutable attribute
// (chattr +i, which ext4, xfs and btrfs honour for root too) when the test
// runs as root, and chmod 0444 otherwise; KindDirectory replaces the file by
// a directory of the same name, which fails reads and writes for anyone.
package faults
