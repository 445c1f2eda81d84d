// Package ir is the pipeline intermediate representation: a plain, versioned,
// deterministic JSON document of whole pipelines (contracts, transformations
// with their logical plans, parameters, steps and loads).
//
// # Why
//
// The IR is the waist of etlgen: the DSL in package etl writes it, and the
// planner, the generators and both engines read it, so every tool sees the same
// pipeline. `etlgen ir PKG` prints it.
//
// # Determinism
//
// Marshal sorts what has no meaningful order (contracts, transformations) and
// keeps declaration order where it matters (fields, steps, plan inputs), so the
// same pipeline always gives the same bytes.
package ir
