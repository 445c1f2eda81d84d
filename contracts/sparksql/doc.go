// Package sparksql compiles contracts to Spark SQL: the Spark schema of a
// contract (StructType JSON, DDL, CREATE TABLE) and the validation of raw
// payloads as SQL expressions, so that the generated PySpark program rejects
// exactly the payloads contracts.Validate rejects, with the same reason
// code, and never runs a Python UDF. docs/validation.md is the
// specification; this comment explains why each expression implements it.
// The target is Apache Spark 4.1 (4.0 should work) with its defaults: ANSI
// mode on, spark.sql.variant.allowDuplicateKeys=false,
// spark.sql.parser.escapedStringLiterals=false,
// spark.sql.legacy.timeParserPolicy=CORRECTED. testdata/spark_check.py runs
// a plan against the corpora in testdata/corpus on a Spark Connect server;
// on Spark 4.1.1 every case gives the expected code, path and typed row.
//
// # Flow
//
//	Schema / DDL / CreateTableDDL   contract → Spark types (CreateTableDDLWith: with a
//	                                TableLayout, PARTITIONED BY, TBLPROPERTIES and
//	                                the provider, USING delta or iceberg)
//	Compile(contract, Options)      contract → Plan
//	Plan.Stages                     intermediate columns, added in order: the
//	                                payload's parts, then each field's value parts
//	Plan.ValueStageLevels           the same, grouped: one select per group
//	Plan.Checks                     one NULL-safe predicate per rule, in spec order,
//	                                with the rule's name, code, reason and path
//	Plan.VerdictStage               _etl_rule: the number of the first failing check
//	                                (0 for a valid row), each check written once
//	Plan.StageLevels                ValueStageLevels, then the verdict stage
//	Plan.ValidExpr, ReasonCodeExpr, ReasonExpr, FieldPathExpr
//	                                read _etl_rule: = 0, and CASE _etl_rule lookups
//	Plan.ProjectionExprs            typed columns of a valid row
//
// A consumer adds the stages (df.selectExpr("*", *group) for each group of
// StageLevels, in order: a chain of one select per stage can exceed the
// analyzer's 100 fixed-point iterations once higher-order functions are
// involved, seen on Spark 4.1.1), the last of which is the verdict; it
// splits on ValidExpr (never NULL, so valid and invalid partition the
// input), computes the reason code, reason and field path of an invalid
// row with the three lookups (NULL for a valid row), and selects
// ProjectionExprs from the valid rows. Each check is evaluated once per
// row: the verdict is one CASE WHEN NOT (check) THEN n over the checks in
// order, which stops at the first failure, and the lookups are a CASE over
// its integer, which evaluates no predicate. The generated PySpark program
// holds the same as data, one rule table per contract (pyspark: rule_check
// builds these expressions from it).
//
// # Payload stages
//
// The payload column is BINARY (Kafka's value) or STRING. A NULL payload is
// read as zero bytes.
//
//   - _etl_payload_size: octet_length counts bytes for both types
//     (PAYLOAD_TOO_LARGE).
//   - _etl_payload_utf8: is_valid_utf8 (Spark 4.0+) over CAST(binary AS
//     STRING), a cast that copies bytes without validating them
//     (INVALID_UTF8).
//   - _etl_payload_text: the text, NULL unless both checks pass, so nothing
//     after them reads a too large or non-UTF-8 payload.
//   - _etl_payload_wrapped, _etl_json (MALFORMED_JSON): try_parse_json
//     returns NULL for malformed JSON and for duplicate member names at any
//     depth (VariantBuilder throws VARIANT_DUPLICATE_KEY unless
//     allowDuplicateKeys, and the try_ form turns the error into NULL). But
//     it parses only the first JSON value and ignores what follows (Jackson
//     is never asked for the next token), so `{} x` would pass. The payload is
//     therefore parsed as '[' + payload + ',"' + sha256(payload) + '"]': the
//     parse succeeds with the digest as element 1 only when the payload is
//     one JSON value followed by whitespace. Trailing garbage either breaks
//     the array syntax or closes it early (`{}] [1`), and then element 1 is
//     not the digest: a payload would have to contain its own SHA-256 to
//     pass. (Element 1 read from the suffix is followed by the suffix's `]`,
//     which closes the array: there is no element 2 to check.) _etl_json is
//     that wrapper, NULL unless the checks pass; the payload's value is its
//     element 0, read in place (payloadRoot, `$[0]`; PayloadPath): a copy of
//     it (try_variant_get '$[0]' 'variant') cost 4 % of the validation. An empty or
//     whitespace-only payload makes `[,"…"]`, a syntax error. Jackson's limits
//     apply (nesting depth 1000, of which the wrapper takes one; numbers of at
//     most 1000 characters; names of at most 50000); docs/validation.md
//     states them for both engines. A \u escape of an unpaired surrogate
//     makes _etl_json NULL too (loneSurrogate): Spark 4.2's try_parse_json
//     rejects it, 4.1's reads it as '?', Go rejects it.
//   - _etl_object (NOT_AN_OBJECT): try_variant_get(_etl_json, '$[0]',
//     'struct<>') IS NOT NULL, true exactly for an object (a cast to an
//     empty struct reads none of its members); under unknown_fields: reject
//     the stage is _etl_keys instead: json_object_keys returns the
//     top-level keys in payload order for an object and NULL for any other
//     value (the unknown-member check reads them).
//
// # Field checks
//
// Each top-level field's member is a stage _etl_vN = try_variant_get(_etl_json,
// '$[0].name', 'variant'): SQL NULL when absent (or when the payload is not an
// object), a variant null for JSON null. presence is `v IS NOT NULL AND NOT
// is_variant_null(v)`, never NULL. JSON types come from schema_of_variant,
// which names the type the variant builder chose from the JSON text:
//
//   - STRING, BOOLEAN: strings, true/false.
//   - BIGINT: an integer literal that fits a long (Jackson VALUE_NUMBER_INT).
//   - DECIMAL(p,s): a literal without exponent of at most 38 digits that is
//     not a long, with trailing fraction zeros stripped: 1.50 is
//     DECIMAL(2,1), 1.0 is DECIMAL(1,0), an integer literal beyond long is
//     DECIMAL(p,0). (Checked on Spark 4.1.1.)
//   - DOUBLE: exponent notation, or more than 38 digits.
//
// Each part of a field's value the checks read is a stage of its own,
// computed once per row however many checks read it (value.go): the
// presence _etl_pN, the JSON type _etl_kN (schema_of_variant), the string
// _etl_sN or BIGINT _etl_iN read of the variant, and for a number its JSON
// text _etl_nN and typed value _etl_dN. The projection and the cross-field
// rules read the same stages. An array's elements, checked inside a lambda,
// write the parts where they are read.
//
// int32/int64: WRONG_TYPE unless BIGINT, or DECIMAL(p,0) whose value does not
// fit a long (1.0 fits: a fraction; 9223372036854775808 does not: an integer
// literal out of range); OUT_OF_RANGE unless try_variant_get(v, '$',
// 'bigint') is not NULL (the variant cast fails, and try_ gives NULL,
// outside the range) and, for int32, within the range of an INT. float64: a
// number whose JSON text (to_json: exact digits for BIGINT and DECIMAL,
// Double.toString for DOUBLE, which round-trips) casts to a finite DOUBLE
// (Jackson turns an overflowing literal into Infinity). decimal(p,s): a
// BIGINT or DECIMAL(p',s') fits when s' (the significant fraction digits,
// trailing zeros stripped) is at most s and the cast of the exact text to
// DECIMAL(p,s), which then does not round, is not NULL (it is NULL when the
// integer digits are more than p-s); a DOUBLE (exponent notation) must
// survive DECIMAL(p,s) → DOUBLE unchanged. Timestamps: an anchored pattern
// (\z, since Java's $ matches before a final newline), the instant read by
// try_cast(s AS TIMESTAMP) from the offset the string carries, the offset at
// most 18:00, and the instant kept in years 0001–9999: no dependence on the
// session time zone. Dates: pattern
// and try_cast(s AS DATE). Objects and arrays: try_variant_get to
// map<string,variant> / array<variant> is NULL for any other JSON type.
//
// Constraints follow in tag order: char_length counts code points like
// utf8.RuneCount; bounds on integers and decimals compare with exact BD
// literals, floats with D literals; oneof is IN; format patterns are
// contracts.FormatPattern under RLIKE (Java find on an anchored pattern);
// pattern= is the user's expression under RLIKE as a string literal, once
// package contracts/regex has checked that Java reads it as Go does.
//
// Every check is coalesce(pred, false), under a guard (NOT guard OR …) where
// an enclosing optional struct may be absent, so a check is never NULL and a
// NULL from a bug fails closed. Every function used is a try_ function or
// cannot throw, and CASE guards the rest, so no row fails the query.
//
// # Arrays and unknown members
//
// The elements of an array are checked in index order with all their checks
// before the next element, so an array is one check whose code is computed
// per row: transform builds each element's first error as a
// STRUCT<code, path, reason> (NULL when it passes), filter keeps the
// failures and try_element_at takes the first (stage _etl_eN). Elements are
// required; nested structs and arrays recurse. Array constraints (min, max,
// len) follow the elements, as in Go.
//
// With unknown_fields=reject, _etl_unknown holds the path of an undeclared
// member: top-level keys in payload order, then nested objects (whose
// variant keys are sorted).
//
// # Cross-field rules
//
// Each contracts.Rule is one check after the field checks (rules_cross.go),
// over the fields' typed values: a stage _etl_cN per scalar field a rule
// reads (the projection's expression; int32 widened to BIGINT) and the
// temporal stages _etl_tN. Literals carry their checked type (L, D, BD
// suffixes), integer + - * and unary minus are try_add, try_subtract,
// try_multiply (NULL on overflow), / is try_divide over DOUBLE, so no rule
// throws under ANSI mode; the error conditions (an operand pair that is
// not NULL with a NULL result, a zero divisor) are collected and the check
// is coalesce(NOT errors AND coalesce(rule, true), false): NULL passes, an
// error fails. Spark's own semantics give the rest: three-valued AND/OR,
// NaN = NaN and NaN greatest, strings by UTF-8 bytes. RuleSQL renders the
// same predicate over a table's columns (the ODCS quality query).
//
// # Quoting
//
// QuoteIdent backticks identifiers, QuoteString escapes literals (quote,
// backslash, control characters as \uXXXX), JSONPath picks the variant path
// form Spark can parse for a member name (PayloadPath: under the payload's
// root in _etl_json) and memberExpr falls back to a map lookup for names no
// path form can express.
package sparksql
