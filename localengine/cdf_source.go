package localengine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
)

// CDFSource is the `delta-cdf` source of the local engine: the Change Data
// Feed of a DeltaTable read as a stream, as Delta's DeltaSource with
// readChangeFeed=true reads it.
//
//   - Offsets are reservoir versions: a batch reads whole versions
//     [FromVersion, N) and its end offset N is where the next batch starts,
//     so a restarted query resumes after the last committed version.
//   - A new checkpoint starts at StartVersion, or at the first version
//     committed at or after StartTime; with neither, at the latest version,
//     whose snapshot is read as inserts (Delta's isStartingVersion), then
//     every later change. An existing checkpoint ignores both.
//   - Each change row is the table's row plus _change_type,
//     _commit_version and _commit_timestamp.
//   - MaxFiles and MaxBytes bound a batch (maxFilesPerTrigger,
//     maxBytesPerTrigger): the local table writes one file per commit, so
//     MaxFiles counts versions; MaxBytes is soft (a batch takes at least
//     one version). Delta may split a large commit; the local engine never
//     does, so a batch always ends at a version boundary.
type CDFSource struct {
	Table        *DeltaTable
	StartVersion *int64
	StartTime    *time.Time
	MaxFiles     int
	MaxBytes     int64
}

// Identity returns the table name.
func (s *CDFSource) Identity() string { return s.Table.Name }

// Next proposes the versions after start, within the rate limits.
func (s *CDFSource) Next(start Offset) (Offset, bool, error) {
	latest := s.Table.Latest()
	if !start.Delta && s.StartVersion == nil && s.StartTime == nil {
		return Offset{N: latest + 1, Delta: true, FromVersion: latest, Snapshot: true}, true, nil
	}
	from := s.firstVersion(start, latest)
	if from > latest {
		return Offset{N: from, Delta: true, FromVersion: from}, false, nil
	}
	end, bytes := from, int64(0)
	for v := from; v <= latest; v++ {
		if v > from && (s.MaxFiles > 0 && v-from >= int64(s.MaxFiles) || s.MaxBytes > 0 && bytes >= s.MaxBytes) {
			break
		}
		bytes += s.versionBytes(v)
		end = v + 1
	}
	return Offset{N: end, Delta: true, FromVersion: from}, true, nil
}

// firstVersion is where a batch after start begins.
func (s *CDFSource) firstVersion(start Offset, latest int64) int64 {
	switch {
	case start.Delta:
		return start.N
	case s.StartVersion != nil:
		return *s.StartVersion
	}
	for v := int64(0); v <= latest; v++ {
		if dv, _ := s.Table.Version(v); !dv.Timestamp.Before(*s.StartTime) {
			return v
		}
	}
	return latest + 1
}

func (s *CDFSource) versionBytes(v int64) int64 {
	dv, _ := s.Table.Version(v)
	n := int64(0)
	for _, c := range dv.Changes {
		n += int64(len(c.Row))
	}
	return n
}

// Read returns the change rows of end's versions (or its snapshot).
func (s *CDFSource) Read(_, end Offset) ([]Payload, error) {
	if !end.Delta {
		return nil, fmt.Errorf("read change feed of %s: offset %+v is not a Delta offset", s.Table.Name, end)
	}
	var out []Payload
	add := func(typ string, row json.RawMessage, dv DeltaVersion) error {
		raw, err := changeRow(row, typ, dv)
		if err != nil {
			return fmt.Errorf("read change feed of %s version %d: %w", s.Table.Name, dv.Version, err)
		}
		out = append(out, Payload{Raw: raw, Pos: int64(len(out))})
		return nil
	}
	if end.Snapshot {
		dv, _ := s.Table.Version(end.FromVersion)
		for _, r := range s.Table.SnapshotAt(end.FromVersion) {
			if err := add(ir.ChangeInsert, r, dv); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	for v := end.FromVersion; v < end.N; v++ {
		dv, ok := s.Table.Version(v)
		if !ok {
			return nil, fmt.Errorf("read change feed of %s: version %d does not exist", s.Table.Name, v)
		}
		for _, c := range dv.Changes {
			if err := add(c.Type, c.Row, dv); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// changeRow appends the CDF columns to a row object.
func changeRow(row json.RawMessage, typ string, dv DeltaVersion) ([]byte, error) {
	body := bytes.TrimSpace(row)
	if len(body) < 2 || body[0] != '{' || body[len(body)-1] != '}' {
		return nil, fmt.Errorf("row %s is not a JSON object", row)
	}
	b := append([]byte(nil), body[:len(body)-1]...)
	if len(bytes.TrimSpace(body[1:len(body)-1])) > 0 {
		b = append(b, ',')
	}
	b = append(b, `"`+ir.ColChangeType+`":`...)
	b = strconv.AppendQuote(b, typ)
	b = append(b, `,"`+ir.ColCommitVersion+`":`...)
	b = strconv.AppendInt(b, dv.Version, 10)
	b = append(b, `,"`+ir.ColCommitTimestamp+`":`...)
	b = strconv.AppendQuote(b, dv.Timestamp.UTC().Format(time.RFC3339Nano))
	return append(b, '}'), nil
}
