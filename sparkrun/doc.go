// Package sparkrun runs the PySpark programs package pyspark generates: it
// starts a program as a child process, reads its JSON event lines
// (pyspark/events) into a Result, and stops it.
//
//	h, err := sparkrun.Run(ctx, "out/customer_order_streaming.py", sparkrun.RunOptions{})
//	res, err := h.Await(ctx)   // or h.Stop(ctx): SIGTERM, graceful per the profile
//
// Run starts the program with the venv python (RunOptions.Python, else
// $ETLGEN_PYTHON, else .cache/venv/bin/python found upwards from the working
// directory: FindPython) in a process group of its own (detach_*.go), its
// stdin a pipe held open for its life (parent.go: the program stops by its
// stop policy when etlgen is gone), and parses its JSON lines into Events
// and a Result; a program that ends without an end line is a crashed
// failure with the tail of its stderr. The start line names the program's
// Spark Connect session and where the driver's UI is (spark.driver.host,
// spark.ui.port, spark.app.id): package sparkrun/sparkui reads from it
// which executors ran the session's tasks. Compile checks generated files
// with a Python interpreter (etlgen compile runs it before writing);
// sparkrun/doctor checks that a profile's Spark environment answers.
//
// The generator (package pyspark) imports nothing of this package: it only
// writes programs; this package imports it for its File type and runtime.
package sparkrun
