package sparkrun

// parentPipeEnv tells a program etlgen starts that its stdin is a pipe
// etlgen holds open for the program's life (etlgen_runtime.PARENT_PIPE_ENV):
// end of file there means etlgen is gone, and the program stops its
// queries by its stop policy.
const parentPipeEnv = "ETLGEN_PARENT_PIPE"
