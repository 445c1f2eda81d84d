package pyspark

// RuntimeFiles returns the runtime package's files as Generate writes them
// (paths under RuntimePackage): for a runner's tests that write a program
// of their own next to the runtime.
func RuntimeFiles() []File { return runtimeFiles() }
