package cli

// The CLI is the top of the program: it imports every plugin folder
// (plugins/all), so that each plugin registers its spec with the profile
// package and its parts with the engines before a profile is read.
import _ "github.com/etlgen/etlgen/plugins/all"
