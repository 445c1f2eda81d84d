// Package goload reads data contracts from Go source: Load lists the
// packages with go/packages, type-checks them from source against their
// dependencies' export data (typecheck.go), and hands each type whose doc
// comment carries "+etl:" marker lines to contracts.FromSource, which
// parses the markers and struct tags and builds the contract.
//
// # Why a package of its own
//
// Every pipeline program links package contracts (the generated
// zz_etlgen.go registers its contracts there), and so does the small
// program `etlgen validate` builds after every edit to print a package's
// IR (framework/irload). go/types and go/packages are only needed by
// etlgen itself, to read source: kept here, that program does not link
// them (internal/archtest's TestUserProgramDeps keeps it so).
//
// # Flow
//
// Load → typeCheck (packages.Load of names, files and imports; the
// dependencies' types from export data; go/types checks the packages
// themselves, tolerating type errors) → per package, packageLoader walks
// the type declarations (decl.go): the "+etl:" and +etl:rule lines of the
// doc comment with their positions, the description, the type as a
// contracts.SourceType over go/types (types.go) and the compile error that
// explains an unresolved field type. Duplicate ids across packages are
// reported last; the result is a contracts.LoadResult, contracts sorted by
// id and diagnostics by position.
package goload
