package customercdf

import "github.com/etlgen/etlgen/framework/etl"

// NormalizeContacts is the example's custom transformer (the seed's
// Transformer): e-mail addresses in lower case, country codes in upper
// case. The CDF columns pass through unchanged.
var NormalizeContacts = etl.Transform("normalize-customer-contacts",
	func(changes etl.Stream[CustomerChange], _ etl.NoParams) etl.Stream[CustomerChange] {
		c := CustomerChangeCols
		return etl.Into[CustomerChange](changes.WithColumn(
			etl.Lower(c.Email).As(c.Email),
			etl.Upper(c.Country).As(c.Country)))
	},
	etl.WithInputs("changes"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Lower-cases e-mail addresses and upper-cases country codes of customer changes."))

// KeepChanges is the seed's ChangeTypeFilter(["insert", "update_postimage",
// "delete"]): update pre-images never reach the MERGE.
var KeepChanges = etl.ChangeFilter[CustomerChange]("keep-customer-changes",
	[]etl.ChangeType{etl.Insert, etl.UpdatePostimage, etl.Delete},
	etl.WithInputs("changes"),
	etl.WithVersion("1.0.0"))
