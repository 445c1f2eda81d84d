// Package archtest holds repository-wide tests of the code's shape, in one
// place: the allowed imports between etlgen's packages (the layer arrows);
// no branch on a plugin or engine name outside the plugin files and the
// registries (a go/ast walk of the module's sources); and what the
// generators (gen, pyspark) take from the profile package: its shared
// constants and the types of the model's values, never its functions or
// variables (profile_use_test.go); and what the program that prints a
// pipeline package's IR links: framework/etl's dependencies leave out the
// modules user_program_test.go bans (validator: the planner runs it).
package archtest
