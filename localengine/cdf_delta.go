package localengine

// DeltaSink is the `delta` sink of the local engine: each batch is one
// commit of a DeltaTable, an append or a MERGE on the merge keys, with the
// checkpoint and batch id as the application transaction.
//
// An append checks the batch's columns against the table's as Delta does
// (DeltaTable.evolveLocked): MergeSchema adds the columns the table lacks.
// A MERGE writes the table's columns only: Delta's UPDATE SET * / INSERT *
// leave out a source column the table lacks (measured on Spark 4.1).
type DeltaSink struct {
	Table       *DeltaTable
	Merge       bool
	MergeSchema bool
}

// Write commits the batch.
func (d *DeltaSink) Write(cp string, id int64, s *Schema, rows []Row) (bool, error) {
	if d.Merge {
		s, rows = d.Table.project(s, rows)
		return d.Table.Merge(cp, id, encodeRows(s, rows), nil)
	}
	d.Table.mu.Lock()
	if last, ok := d.Table.txns[cp]; ok && id <= last {
		d.Table.mu.Unlock()
		return true, nil
	}
	if err := d.Table.evolveLocked(s, d.MergeSchema); err != nil {
		d.Table.mu.Unlock()
		return false, err
	}
	d.Table.txns[cp] = id
	d.Table.mu.Unlock()
	if len(rows) == 0 {
		return false, nil
	}
	_, err := d.Table.write("WRITE", encodeRows(s, rows), nil, false)
	return false, err
}

// DeltaStatic reads a Delta-like table in full, the static side of a
// stream-static join (its offsets are ignored).
type DeltaStatic struct{ Table *DeltaTable }

// Identity returns the table name.
func (d DeltaStatic) Identity() string { return d.Table.Name }

// Next proposes nothing new: the table is read in full at every batch.
func (d DeltaStatic) Next(start Offset) (Offset, bool, error) { return start, false, nil }

// Read returns every row of the table, each at its position.
func (d DeltaStatic) Read(_, _ Offset) ([]Payload, error) {
	rows := d.Table.Rows()
	out := make([]Payload, len(rows))
	for i, r := range rows {
		out[i] = Payload{Raw: r, Pos: int64(i)}
	}
	return out, nil
}
