// Package jsonscan is the single-pass JSON scanner behind contract
// validation.
//
// # Flow
//
// Parse reads a payload once, checks it against the strict RFC 8259 grammar
// (no comments, no NaN, no leading zeros, no trailing garbage), rejects
// duplicate member names in every object at any depth and nesting deeper
// than a limit, and records every value as a Node on a flat tape: its kind,
// its byte span and the index of the node after its subtree. The validator
// then walks the tape in contract order without ever parsing a byte twice.
//
// # Assumptions
//
// The caller checks UTF-8 validity of the whole payload first (the
// validation spec puts INVALID_UTF8 before MALFORMED_JSON); Parse only
// rejects raw control characters inside strings. Nothing is decoded on the
// tape: Unescape decodes a string value on demand, and numbers are kept as
// byte spans.
package jsonscan
