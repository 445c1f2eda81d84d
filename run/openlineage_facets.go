package run

import (
	"encoding/json"
	"strings"

	"github.com/etlgen/etlgen/planner"
)

// The facets of etlgen's OpenLineage events: the spec's standard facets
// (jobType, errorMessage, version) and etlgen's own, each prefixed
// etlgen_ as the spec asks of custom facets (docs/run.md lists them).

type olJobTypeFacet struct {
	olFacetBase
	ProcessingType string `json:"processingType"`
	Integration    string `json:"integration"`
	JobType        string `json:"jobType"`
}

type olErrorFacet struct {
	olFacetBase
	Message             string `json:"message"`
	ProgrammingLanguage string `json:"programmingLanguage"`
}

type olVersionFacet struct {
	olFacetBase
	DatasetVersion string `json:"datasetVersion"`
}

// olPipelineFacet (job, etlgen_pipeline): the pipeline and its version.
type olPipelineFacet struct {
	olFacetBase
	Pipeline string `json:"pipeline"`
	Version  string `json:"version,omitempty"`
	Query    string `json:"query,omitempty"`
	Profile  string `json:"profile"`
	Engine   string `json:"engine"`
}

// olStartFacet (run, etlgen_start): how the query started.
type olStartFacet struct {
	olFacetBase
	Fresh         bool            `json:"fresh"`
	LastCommitted int64           `json:"lastCommittedBatchId"`
	Replay        *int64          `json:"replayBatchId,omitempty"`
	Watermark     string          `json:"watermark,omitempty"`
	Resume        []olOffsetRange `json:"resume,omitempty"`
	Checkpoint    string          `json:"checkpoint,omitempty"`
}

// olBatchFacet (run, etlgen_batch): one committed micro-batch.
type olBatchFacet struct {
	olFacetBase
	BatchID            int64           `json:"batchId"`
	Replay             bool            `json:"replay,omitempty"`
	Skipped            bool            `json:"skipped,omitempty"`
	InputRows          int64           `json:"inputRows"`
	InvalidRows        int64           `json:"invalidRows"`
	OutputRows         int64           `json:"outputRows"`
	LateRows           int64           `json:"lateRows"`
	DroppedByWatermark int64           `json:"droppedByWatermark"`
	StateRows          int64           `json:"stateRows"`
	LateWatermark      string          `json:"lateWatermark,omitempty"`
	Watermark          string          `json:"watermark,omitempty"`
	Checkpoint         string          `json:"checkpoint"`
	DeltaVersion       *int64          `json:"deltaVersion,omitempty"`
	Offsets            []olOffsetRange `json:"offsets,omitempty"`
}

// olOffsetRange is a source's offsets in a batch, as the engine writes
// them (Spark's Kafka offsets: {"topic": {"partition": offset}}).
type olOffsetRange struct {
	Source string          `json:"source,omitempty"`
	Start  json.RawMessage `json:"start,omitempty"`
	End    json.RawMessage `json:"end,omitempty"`
}

// olFailureFacet (run, etlgen_failure): the failure class and what to do.
type olFailureFacet struct {
	olFacetBase
	Class string `json:"class,omitempty"`
	Retry string `json:"retry,omitempty"`
}

// olEndFacet (run, etlgen_end): how the query ended.
type olEndFacet struct {
	olFacetBase
	Status      string          `json:"status"`
	LastBatchID int64           `json:"lastBatchId"`
	Watermark   string          `json:"watermark,omitempty"`
	StateRows   int64           `json:"stateRows"`
	Resume      []olOffsetRange `json:"resume,omitempty"`
}

// batchFacet is a batch's etlgen_batch facet: its offset ranges are the
// versioned sources' start and end, and Spark's end offsets with the
// previous batch's end as start.
func (l *lineage) batchFacet(qr *olQueryRun, b Batch) olBatchFacet {
	f := olBatchFacet{olFacetBase: facetBase("EtlgenBatchRunFacet"), BatchID: b.BatchID, Replay: b.Replay, Skipped: b.Skipped,
		InputRows: b.InputRows, InvalidRows: b.InvalidRows, OutputRows: b.OutputRows, LateRows: b.LateRows,
		DroppedByWatermark: b.DroppedByWatermark, StateRows: b.StateRows, LateWatermark: b.LateWatermark, Watermark: b.Watermark, DeltaVersion: b.DeltaVersion}
	if qr.q != nil {
		f.Checkpoint = qr.q.Checkpoint
	}
	for _, o := range b.Offsets {
		f.Offsets = append(f.Offsets, olOffsetRange{Source: o.Source, Start: nonNull(o.Start), End: nonNull(o.End)})
	}
	if len(b.Offsets) == 0 && len(b.EndOffsets) > 0 {
		f.Offsets = append(f.Offsets, olOffsetRange{Source: soleSource(qr.q), Start: nonNull(qr.lastEnd), End: nonNull(b.EndOffsets)})
	}
	return f
}

func olResume(rs []Resume) []olOffsetRange {
	var out []olOffsetRange
	for _, r := range rs {
		if off := nonNull(r.Offset); off != nil {
			out = append(out, olOffsetRange{Source: r.Source, End: off})
		}
	}
	return out
}

// nonNull drops an absent or null offset, and unwraps one the engine
// passed as a JSON string holding JSON (Spark's progress does).
func nonNull(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || string(raw) == "null" || !json.Valid(raw) {
		return nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil && json.Valid([]byte(s)) && strings.HasPrefix(strings.TrimSpace(s), "{") {
		return json.RawMessage(s)
	}
	return raw
}

// soleSource is the query's streaming source when it reads one.
func soleSource(q *planner.Query) string {
	if q != nil && len(q.Sources) == 1 {
		return q.Sources[0]
	}
	return ""
}
