package iceberg

import (
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
)

// runtimes are Iceberg's Spark runtimes the stack's Maven mirror serves,
// by Spark line (scripts/versions.env: ICEBERG_ARTIFACT); there is none
// for Spark 4.2.
var runtimes = map[string]string{"4.1": "org.apache.iceberg:iceberg-spark-runtime-4.1_2.13"}

// Runtime returns the Maven coordinates (group:artifact) of Iceberg's
// Spark runtime for a Spark line such as "4.1"; false when none is served
// for it.
func Runtime(line string) (string, bool) {
	r, ok := runtimes[line]
	return r, ok
}

// CheckSparkLine refuses an iceberg asset on a profile whose Spark line
// has no Iceberg runtime (ETL-P361), as the binder does for each iceberg
// asset (checkCatalogs); nil when the line has one. The error is a
// *profile.CheckError.
func CheckSparkLine(line string) error {
	if _, ok := Runtime(line); ok {
		return nil
	}
	return &profile.CheckError{Code: profile.CodeIcebergSparkLine, Message: "no Iceberg Spark runtime is served for Spark " + line,
		Hint: "target Spark " + strings.Join(slices.Sorted(maps.Keys(runtimes)), ", ") + " for this profile, or bind the asset to the delta plugin"}
}

// checkCatalogs, the plugin's Plugin.BindSpark, refuses an iceberg asset
// on a Spark line that has no Iceberg runtime (ETL-P361), and two iceberg
// assets that name one catalog with different warehouses (ETL-P360): the
// session has one configuration per catalog.
func checkCatalogs(b profile.SparkBinder, assets []*profile.Asset) {
	first := map[string]*profile.Asset{}
	for _, a := range assets {
		var ce *profile.CheckError
		if err := CheckSparkLine(b.SparkLine()); errors.As(err, &ce) {
			b.Errorf(ce.Code, a, ce.Hint, "asset %s: %s", a.Name, ce.Message)
		}
		cat := catalog(a)
		other, ok := first[cat]
		if !ok {
			first[cat] = a
			continue
		}
		if w, ow := a.Path(WarehouseOption), other.Path(WarehouseOption); w != ow {
			b.Errorf(profile.CodeIcebergWarehouse, a, "give the assets one warehouse, or name another catalog for one of them (catalog: …)",
				"assets %s and %s both use iceberg catalog %s, with warehouses %s and %s", other.Name, a.Name, cat, ow, w)
		}
	}
}
