package ir

import "slices"

// The columns a Delta Change Data Feed adds to every change row
// (readChangeFeed): what happened, in which table version, and when that
// version was committed.
const (
	ColChangeType      = "_change_type"      // insert, update_preimage, update_postimage, delete
	ColCommitVersion   = "_commit_version"   // the table version (bigint)
	ColCommitTimestamp = "_commit_timestamp" // the commit time of the version (timestamp)
)

// The change types of a Change Data Feed, in the order a CDF MERGE ranks two
// changes of one key within one commit version (the later one wins).
const (
	ChangeUpdatePreimage  = "update_preimage"
	ChangeInsert          = "insert"
	ChangeUpdatePostimage = "update_postimage"
	ChangeDelete          = "delete"
)

// ChangeOrder lists the change types in rank order (see the constants).
var ChangeOrder = []string{ChangeUpdatePreimage, ChangeInsert, ChangeUpdatePostimage, ChangeDelete}

// ChangeRank returns the rank of a change type in ChangeOrder, -1 when unknown.
func ChangeRank(t string) int { return slices.Index(ChangeOrder, t) }

// ApplyChanges marks a load whose stream carries change rows (a Change Data
// Feed with _change_type and _commit_version): the sink applies them to the
// target table instead of writing them. Per key only the latest change of a
// micro-batch counts (highest _commit_version, then ChangeOrder); a delete
// removes the row, an insert or update_postimage upserts it, an
// update_preimage is never written.
type ApplyChanges struct {
	// Target is the contract of the target table: the change contract
	// without the CDF columns (each of its columns must be one of the change
	// contract's). The target table is created from it.
	Target string `json:"target"`
}
