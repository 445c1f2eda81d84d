// Package regex keeps regular expressions to the subset where Go and Spark
// agree.
//
// Spark evaluates rlike, regexp_extract, regexp_replace and split with
// java.util.regex (flags 0) on the Java string of the value; etlgen's Go
// code (contract validation, the local engine) uses RE2 through package
// regexp. The two differ on backreferences, lookaround, possessive
// quantifiers, `$`, `.`, `\s`, `\b`, `\p{..}`, case folding, octal
// escapes, nested character classes and more.
//
// # Flow
//
// Check parses a pattern with a small allow-list parser of its own: every
// construct it does not know is refused with an *Error that carries the
// byte offset in the pattern, what is wrong and a hint. While it parses, it
// writes the same pattern in Go's syntax with Java's meaning (`.` without
// (?s) excludes Java's line terminators, `\s` includes \x0B), so Compile
// gives a *regexp.Regexp that answers what Spark answers. A repetition of a
// part that can match the empty string is refused too: the two engines
// record captures of empty iterations differently.
//
// # Scope
//
// The package knows nothing of contracts or pipelines: callers (the
// contract tag `pattern=`, the regex functions of the DSL) turn an *Error
// into their own diagnostic. Subjects are the caller's business: Spark
// matches the Java string of a value, so a subject that is not valid UTF-8
// must be handled (refused or decoded the way Java does) before matching.
package regex
