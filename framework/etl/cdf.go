package etl

import (
	"time"

	"github.com/etlgen/etlgen/framework/ir"
)

// ChangeType is the kind of a change row of a Delta Change Data Feed: the
// value of its _change_type column.
type ChangeType string

// The change types of a Change Data Feed. An update yields two rows of one
// commit version: the row before (UpdatePreimage) and after (UpdatePostimage).
const (
	Insert          ChangeType = ir.ChangeInsert
	UpdatePreimage  ChangeType = ir.ChangeUpdatePreimage
	UpdatePostimage ChangeType = ir.ChangeUpdatePostimage
	Delete          ChangeType = ir.ChangeDelete
)

// ChangeTypes lists every change type, in the order a CDF MERGE ranks two
// changes of one key within one commit version.
var ChangeTypes = []ChangeType{UpdatePreimage, Insert, UpdatePostimage, Delete}

// CDFColumns are typed references to the columns a Change Data Feed adds to
// every row. A change contract declares them as ordinary fields
// (`json:"_change_type"` string, `json:"_commit_version"` int64,
// `json:"_commit_timestamp"` time.Time); these accessors let framework code
// and pipelines use them without the generated ones.
type CDFColumns struct {
	// ChangeType is _change_type: insert, update_preimage, update_postimage or delete.
	ChangeType Col[string]
	// CommitVersion is _commit_version: the table version of the change.
	CommitVersion Col[int64]
	// CommitTimestamp is _commit_timestamp: when that version was committed.
	CommitTimestamp Col[time.Time]
}

// CDF holds the typed CDF column references.
var CDF = CDFColumns{
	ChangeType:      NewCol[string](ir.ColChangeType),
	CommitVersion:   NewCol[int64](ir.ColCommitVersion),
	CommitTimestamp: NewCol[time.Time](ir.ColCommitTimestamp),
}

// IsChange reports whether the change type of the row is t.
func IsChange(t ChangeType) Expr[bool] { return CDF.ChangeType.Eq(string(t)) }

// ChangeTypeIn is true when the row's change type is one of types; with no
// types it is false (no row passes).
func ChangeTypeIn(types ...ChangeType) Expr[bool] {
	switch len(types) {
	case 0:
		return Lit(false)
	case 1:
		return IsChange(types[0])
	}
	preds := make([]Typed[bool], len(types))
	for i, t := range types {
		preds[i] = IsChange(t)
	}
	return Or(preds...)
}

// FilterChanges keeps the change rows whose _change_type is one of types
// (the seed's ChangeTypeFilter). It needs the CDF columns on the stream.
func (s Stream[T]) FilterChanges(types ...ChangeType) Stream[T] {
	out := s.Where(ChangeTypeIn(types...))
	if out.s != nil && len(types) == 0 {
		out.s.plan.errorf(ir.CodeBadArgument, out.s.node.Pos, "name the change types to keep, e.g. etl.Insert, etl.UpdatePostimage, etl.Delete",
			"change filter without change types keeps no row")
	}
	for _, t := range types {
		if out.s != nil && ir.ChangeRank(string(t)) < 0 {
			out.s.plan.errorf(ir.CodeBadArgument, out.s.node.Pos, "use etl.Insert, etl.UpdatePreimage, etl.UpdatePostimage or etl.Delete",
				"unknown change type %q", string(t))
		}
	}
	return out
}

// IdentityTransform declares a transformation that passes a stream of T
// through unchanged (the seed's IdentityTransformer): the place holder for
// a pipeline whose changes need no transformation.
func IdentityTransform[T any](id string, opts ...Option) *Transformation[T, NoParams, T] {
	opts = append([]Option{WithDescription("Passes the rows through unchanged.")}, opts...)
	return Transform(id, func(in Stream[T], _ NoParams) Stream[T] { return Into[T](in) }, opts...)
}

// ChangeFilter declares a transformation that keeps the change rows of the
// given change types (the seed's ChangeTypeFilter), e.g.
// etl.ChangeFilter[CustomerChange]("keep-changes", etl.Insert,
// etl.UpdatePostimage, etl.Delete). T must be a change contract.
func ChangeFilter[T any](id string, types []ChangeType, opts ...Option) *Transformation[T, NoParams, T] {
	kept := append([]ChangeType(nil), types...)
	desc := "Keeps the change rows of types"
	for i, t := range kept {
		sep := ", "
		if i == 0 {
			sep = " "
		}
		desc += sep + string(t)
	}
	opts = append([]Option{WithDescription(desc + ".")}, opts...)
	return Transform(id, func(in Stream[T], _ NoParams) Stream[T] { return Into[T](in.FilterChanges(kept...)) }, opts...)
}

// LoadChanges applies a stream of change rows (a change contract C with the
// CDF columns) to the target table of contract T: a CDF MERGE. Per key (the
// sink's merge_keys, by default T's primary key) only the latest change of
// a micro-batch counts, by _commit_version and then change type; deletes
// remove the row, inserts and update post-images upsert it. The sink is
// idempotent per micro-batch and creates the target table from T. Bind the
// asset to a sink with the foreach-batch-merge write mode.
func LoadChanges[T, C any](p *Builder, asset string, changes Stream[C]) {
	pos := callerPos()
	n := len(p.pl.Loads)
	Load(p, asset, changes)
	if len(p.pl.Loads) == n {
		return // Load recorded why not
	}
	ld := &p.pl.Loads[n]
	ld.Pos = pos
	ld.Changes = &ir.ApplyChanges{Target: p.res.id(typeT[T](), pos, p.path)}
}
