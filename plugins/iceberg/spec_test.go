package iceberg

import (
	"errors"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
)

// TestSparkLine: Spark 4.1 has an Iceberg runtime; 4.2 (none served) and
// an unknown line are ETL-P361.
func TestSparkLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		want string
	}{{"4.1", ""}, {"4.2", profile.CodeIcebergSparkLine}, {"", profile.CodeIcebergSparkLine}} {
		err := CheckSparkLine(tc.line)
		got := ""
		var ce *profile.CheckError
		if errors.As(err, &ce) {
			got = ce.Code
		} else if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("line %q: %q, want %q", tc.line, got, tc.want)
		}
	}
}

// TestServerTable: an asset is placed by its table's directory under the
// warehouse, in its catalog (the default one when unset); options that
// lack the table or the warehouse place nothing.
func TestServerTable(t *testing.T) {
	tests := []struct {
		name          string
		opts          map[string]string
		dir, cat, ref string
		ok            bool
	}{
		{"default catalog", map[string]string{WarehouseOption: "s3a://w/ice/", TableOption: "curated.t"}, "s3a://w/ice/curated/t", DefaultCatalog, "iceberg.curated.t", true},
		{"named catalog", map[string]string{WarehouseOption: "/tmp/w", TableOption: "a.b.t", CatalogOption: "lake"}, "/tmp/w/a/b/t", "lake", "lake.a.b.t", true},
		{"no warehouse", map[string]string{TableOption: "curated.t"}, "", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, cat, ref, ok := serverTable(tt.opts)
			if dir != tt.dir || cat != tt.cat || ref != tt.ref || ok != tt.ok {
				t.Errorf("serverTable = %q %q %q %v, want %q %q %q %v", dir, cat, ref, ok, tt.dir, tt.cat, tt.ref, tt.ok)
			}
		})
	}
}
