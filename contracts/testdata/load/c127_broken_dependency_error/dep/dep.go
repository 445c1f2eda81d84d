// Package dep is a dependency that does not compile: its types still resolve.
package dep

// Amount is a declared type the dependency's error does not touch.
type Amount = int64

var broken int = "not an int"
