// Package archtest holds repository-wide tests of the code's shape: the
// allowed imports between etlgen's packages (the layer arrows), in one
// place, and what the generators (gen, pyspark) take from the profile
// package: its shared constants and the types of the model's values,
// never its functions or variables (profile_use_test.go).
package archtest
