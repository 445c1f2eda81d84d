package testkit

// testkit binds the profiles of the tests that use it, like the CLI: it
// imports every plugin folder (plugins/all), so that each plugin registers
// its spec with the profile package and its parts with the local engine.
import _ "github.com/etlgen/etlgen/plugins/all"
