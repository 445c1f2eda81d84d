package customercdf

import "github.com/etlgen/etlgen/framework/etl"

// Pipeline is seed 000's CDFStreamingPipeline: the Change Data Feed of the
// customer source table (customer_changes, a delta-cdf asset) is
// normalised, filtered to inserts, update post-images and deletes, and
// applied to the customers table by a CDF MERGE on customer_id.
var Pipeline = etl.NewPipeline("customer-cdf", "1.0.0", func(p *etl.Builder) {
	changes := etl.Extract[CustomerChange](p, "customer_changes")
	normalized := NormalizeContacts.Step(p, changes.Valid(), etl.NoParams{})
	kept := KeepChanges.Step(p, normalized, etl.NoParams{})
	etl.LoadChanges[Customer](p, "customers", kept)
}, etl.Describe("Customer table changes (Delta Change Data Feed) merged into the curated customer table."))
