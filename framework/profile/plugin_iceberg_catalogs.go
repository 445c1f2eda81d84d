package profile

import (
	"errors"

	"github.com/etlgen/etlgen/diag"
)

// icebergCatalogs, iceberg's Plugin.bindSpark, refuses an iceberg asset on
// a Spark line that has no Iceberg runtime (ETL-P361), and two iceberg
// assets that name one catalog with different warehouses: the session has
// one configuration per catalog.
func icebergCatalogs(bc *binder, assets []*Asset) {
	first := map[string]*Asset{}
	for _, a := range assets {
		name := a.Name
		var ce *checkError
		if err := CheckIcebergSparkLine(bc.p.SparkVersion()); errors.As(err, &ce) {
			bc.report(diag.Error, ce.Code, a.Pos, "assets."+name, ce.Hint, "asset %s: %s", name, ce.Message)
		}
		cat := icebergCatalog(a)
		other, ok := first[cat]
		if !ok {
			first[cat] = a
			continue
		}
		if w, ow := a.Path(IcebergWarehouseOption), other.Path(IcebergWarehouseOption); w != ow {
			bc.report(diag.Error, CodeIcebergWarehouse, a.Pos, "assets."+name,
				"give the assets one warehouse, or name another catalog for one of them (catalog: …)",
				"assets %s and %s both use iceberg catalog %s, with warehouses %s and %s", other.Name, name, cat, ow, w)
		}
	}
}
