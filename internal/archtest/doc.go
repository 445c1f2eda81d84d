// Package archtest holds repository-wide tests of the code's shape, in one
// place: the allowed imports between etlgen's packages (the layer arrows),
// and no branch on a plugin or engine name outside the plugin files and
// the registries (a go/ast walk of the module's sources).
package archtest
