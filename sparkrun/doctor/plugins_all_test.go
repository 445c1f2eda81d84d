package doctor_test

// The plugins that live in their own folder (plugins/<name>) register their
// spec and their engine parts when plugins/all is imported: this file
// imports it for every test of the package, internal ones included (one
// test binary).
import _ "github.com/etlgen/etlgen/plugins/all"
