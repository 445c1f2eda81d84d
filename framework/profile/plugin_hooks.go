package profile

import "github.com/etlgen/etlgen/diag"

// CheckTableProperty checks one table_properties entry as every table
// sink does: no key Spark reserves (ETL-P350), no ${env:…} reference, and
// a delta.* key a Delta property with a value of its type. The error is a
// *CheckError; nil when the entry is fine.
func CheckTableProperty(key, value string) error {
	if err := checkTableProperty(key, value); err != nil {
		return err
	}
	return nil
}

// SparkBinder is what a plugin's Spark check (Plugin.BindSpark) sees of
// the binding: the profile's Spark line, and where it reports.
type SparkBinder struct{ bc *binder }

// SparkLine is the profile's Spark line, such as "4.1".
func (b SparkBinder) SparkLine() string { return b.bc.p.SparkVersion() }

// Errorf reports an error with code at asset a (its position and path),
// with hint.
func (b SparkBinder) Errorf(code string, a *Asset, hint, format string, args ...any) {
	b.bc.report(diag.Error, code, a.Pos, "assets."+a.Name, hint, format, args...)
}
