// Package hostile declares a contract whose column names and descriptions
// try to break out of the comments and literals of generated code: a
// newline and */ (a Go block comment), a NUL, U+2028, """ (a Python
// docstring), </script>, backticks and -->; it is a golden case of package
// gen (the generated zz_etlgen.go must be one declaration per field, and
// vet clean).
package hostile

// Event is an event with hostile column names.
// +etl:contract id=hostile-event version=1.0.0
type Event struct {
	// ID is the id. */ func init() { panic("description") } /*
	ID string `json:"id\n*/ func init() { panic(\"pwned\") } /*"`
	// Nul holds a NUL and a line separator.
	Nul string `json:"nul\x00\u2028sep\u2029"`
	// Quotes is """ a docstring """ and </script><!-- a comment -->.
	Quotes string `json:"q\"\"\"</script>--><!--"`
	// Tick is `backticked`.
	Tick string "json:\"t`ick`\\\\\r\""
}
