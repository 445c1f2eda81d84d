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
// record captures of empty iterations differently. CompileFindAll, for
// functions that use every match (regexp_replace, split), also refuses a
// pattern that can match the empty string: Java's successive finds accept
// an empty match right after a non-empty one and step into surrogate pairs
// after an empty match.
//
// # Proof
//
// testdata/corpus.json lists patterns (accepted ones at the edge of the
// subset, and refused ones) and subjects chosen to break them; Spark
// 4.1.1's rlike, regexp_extract (groups 0 and 1) and regexp_replace
// answers are recorded in testdata/spark.json by testdata/spark_regex.py
// (TestCorpusLive, ETLGEN_STACK=1, -update re-records). The offline test
// requires Go's answers to equal Spark's for every accepted pattern, and a
// recorded difference (or an error) for every refused one unless the
// corpus says why none shows.
//
// # Scope
//
// The package knows nothing of contracts or pipelines: callers (the
// contract tag `pattern=`, the regex functions of the DSL) turn an *Error
// into their own diagnostic. Subjects are the caller's business: Spark
// matches the Java string of a value, so a subject that is not valid UTF-8
// must be handled (refused or decoded the way Java does) before matching.
package regex
