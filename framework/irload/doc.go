// Package irload obtains the IR document of a user's Go package the way
// code generators of the Go ecosystem do (ent, controller-gen): it builds a
// tiny program that imports the package and prints its IR.
//
// # Flow
//
// Load finds the module that holds the package, writes a main package into a
// temporary dot-directory inside that module (so `./...` ignores it, and the
// module's own go.mod, replace directives and go.sum apply), builds it with
// `go build` (GOGC=800 unless the user set GOGC or GOMEMLIMIT, so that the
// go command collects less often, and GOMAXPROCS=1 with the go command's
// usual -p unless the user set GOMAXPROCS, so that an edit's build, one
// step after the other, spins no idle threads; build_env.go),
// removes the directory, runs the program and parses the JSON it prints
// (package etl's WriteDocument). Build and run honour the context;
// the go tool's and the program's stderr end up in the returned error. A
// package that does not compile is a *BuildError: the compiler's errors
// with their positions (ETL-D200 diagnostics), an invalid model rather than
// a broken environment.
//
// # Errors
//
// Every other reason a package cannot be loaded is one coded diagnostic,
// returned as a *diag.ListError (codes.go): no package at the directory
// named, with the nearest sibling as a hint (ETL-E720); not in a module
// (E721); a pattern of several packages (E722); an import path no module
// provides, or a module that does not require etlgen (E723, from the go
// tool's output); anything else the go tool or the program reports (E729).
// The directory is checked before anything is hashed or built.
//
// # Cache
//
// The built program is cached under os.UserCacheDir()/etlgen/irload, keyed
// by a hash of every Go source file, go.mod and go.sum of the module (and of
// modules it replaces with local directories), the package path and the Go
// environment. The document the program printed is kept beside it: a
// repeated load of an unchanged package reads it and runs nothing, which
// keeps `etlgen validate` fast. A source index (cache_index.go) records the
// size, modification time and digest of every file the key hashed and the
// file list of every package directory, so that such a load stats files
// instead of reading and parsing them; files modified within two seconds
// of the recording are compared by content; when a file changed, the
// hash takes the digest and imports of every file the index still
// vouches for from it, and reads only the others and the package's own
// Go files; concurrent requests for one package's keys share one hash
// (cache_flight.go). Loader.CacheFile names a file
// in a package's cache entry for other results derived from the same
// sources; they are pruned with the program (the 16 most recently used
// entries are kept). Loader.DeclCacheFile names one under the package's
// declaration key (cache_decl.go), hashed in the same pass: its own Go
// files without the bodies of functions and, unless a constant expression
// may read one, the values of variables (positions kept), everything
// else as the program key has it. The contracts a package declares and
// their diagnostics depend on nothing else, so validate's check of the
// source contracts (gen.CheckPackageCached) and check's load of them
// (gen.LoadContractsCached) kept there survive an edit of the pipeline's
// code: after such an edit validate lists and type-checks nothing, it only
// builds the program.
package irload
