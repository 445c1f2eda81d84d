// Package pipelines declares no pipeline: validate says so (ETL-D216).
package pipelines

// Version is all the package has.
const Version = "1"
