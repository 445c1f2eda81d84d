package irload

// The codes of a package that cannot be loaded for a reason other than its
// Go code (which is a *BuildError, ETL-D200). They are environment
// problems (diag.SeriesTable: exit status 16); docs/diagnostics.md
// documents each one.
const (
	// CodeNoPackage: the directory named holds no Go package: it does not
	// exist, is a file, or has no non-test Go files.
	CodeNoPackage = "ETL-E720"
	// CodeNoModule: the directory is not inside a Go module (no go.mod in
	// it or its parents), or the package named is outside it.
	CodeNoModule = "ETL-E721"
	// CodePattern: a pattern (./...) was given where one package is needed.
	CodePattern = "ETL-E722"
	// CodeUnknownImport: no module provides the import path named, or one
	// the package imports.
	CodeUnknownImport = "ETL-E723"
	// CodeLoadFailed: the go tool or the program that prints the IR failed
	// for another reason (a missing go.sum entry, a panic in an init
	// function, a broken toolchain); the message carries their output.
	CodeLoadFailed = "ETL-E729"
)
