// Command livetests lists the live tests of the repository: the top-level
// tests that need the local stack (scripts/stack.sh), so that `make
// test-stack` runs those and leaves every other test to `make unit`, which
// runs it in the same `make test` without the stack.
//
// # What is live
//
// A package's tests (its _test.go files, both the package and its external
// test package) are read with go/ast. A declaration is guarded when it
// names the stack: the string literal "ETLGEN_STACK" (os.Getenv of the
// guard), or any member of package e2e/stack (Require, Spark, NewKafka,
// SparkRemote, ...). A declaration that refers by name to a guarded one of
// its package — a function, a method, a constant or a variable, called or
// passed as a value — is guarded too, to a fixed point. A live test is a
// guarded top-level TestXxx. Names are matched without types: a method by
// its bare name whatever its receiver (t.Run refers to every method Run of
// the package), so the walk finds more tests live than there are, not
// fewer: a test it counts live for nothing runs twice, once in each
// target. A declaration that names the stack and that no live test
// reaches is an error: the guard is reached in a way the walk does not
// follow (fix the walk), or a helper is left over.
//
// # Output
//
//	go run ./internal/livetests -pkgs   the packages with a live test: ./e2e ./pyspark ...
//	go run ./internal/livetests -run    their live tests as a go test -run pattern: ^(TestA|TestB)$
//	go run ./internal/livetests         package and test, one a line
package main
