package localengine

// CommittedOffsets returns the end offsets of the query's last committed
// batch by source asset (empty before the first batch): where the next
// batch starts. For a delta-cdf source its N is the resume position, the
// reservoir version the next run reads first.
func (q *Query) CommittedOffsets() map[string]Offset {
	out := make(map[string]Offset, len(q.ends))
	for k, v := range q.ends {
		out[k] = v
	}
	return out
}
