// Package etl is what pipeline authors write against: typed transformations
// whose bodies are logical plans built with a small DSL over generated column
// accessors, and pipelines that extract, transform and load.
//
// The package builds the pipeline IR (package ir); it never executes anything.
package etl
