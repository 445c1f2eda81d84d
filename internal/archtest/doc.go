// Package archtest holds repository-wide tests of the code's shape: the
// allowed imports between etlgen's packages (the layer arrows), in one
// place.
package archtest
