package run

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/planner"
)

// The diagnostic codes of `etlgen replay` (docs/diagnostics.md).
const (
	// CodeReplayNotQuarantine: the sink named is not a quarantine a
	// replay can read (not an invalid branch of an extract, or without its
	// raw_payload column).
	CodeReplayNotQuarantine = "ETL-E752"
	// CodeReplayEngine: replay --yes on an engine it does not ingest on
	// (neither in-process nor Spark).
	CodeReplayEngine = "ETL-E753"
	// CodeReplayStateful: the valid branch of the quarantine's source
	// holds state (an aggregation, deduplication or stream join), which
	// late replayed rows would corrupt.
	CodeReplayStateful = "ETL-E754"
	// CodeReplayLedger: the replay ledger is unreadable or untrusted.
	CodeReplayLedger = "ETL-E755"
	// CodeReplaySparkFailed: the replay program failed on Spark (its
	// ledger append or a replay query); the next replay --yes finishes it.
	CodeReplaySparkFailed = "ETL-E804"
	// CodeReplayProgram: the valid branch cannot run as a replay program
	// on Spark (a gate that measures by reading the source's batches
	// again, which a replay ledger does not keep).
	CodeReplayProgram = "ETL-E805"
)

// ReplayError is a replay refused or stopped for a reason the user can
// fix, with its diagnostic code.
type ReplayError struct {
	Code string
	Msg  string
	Err  error
}

func (e *ReplayError) Error() string { return e.Code + ": " + e.Msg }

// Unwrap returns the cause, if any.
func (e *ReplayError) Unwrap() error { return e.Err }

// replayErr returns a *ReplayError; a %w verb in format names its Err.
func replayErr(code, format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &ReplayError{Code: code, Msg: err.Error(), Err: errors.Unwrap(err)}
}

// ReplayVerdict is what validation said of a payload: its reason code,
// reason and field path; the zero value is a pass.
type ReplayVerdict struct {
	Code   string `json:"reason_code,omitempty"`
	Reason string `json:"reason,omitempty"`
	Field  string `json:"field_path,omitempty"`
}

// ReplayRow is one quarantined row judged again.
type ReplayRow struct {
	// Row is the row's position in the quarantine, from 1.
	Row int `json:"row"`
	// ID is the row's stable replay id (replayID).
	ID string `json:"id"`
	// Was is why the row was quarantined, Now what the current contract
	// says (nil: it passes now).
	Was ReplayVerdict  `json:"was"`
	Now *ReplayVerdict `json:"now,omitempty"`
	// WasVersion is the version of the contract that rejected the row,
	// when the quarantine records it (contract_version).
	WasVersion string `json:"was_contract_version,omitempty"`
	// Replayed marks a row the replay ledger holds: a replay fed it through
	// the valid branch (or will finish doing so at the next replay --yes).
	Replayed bool `json:"replayed"`
}

// ReasonChange counts the rows that move from one reason code to another
// ("" To: they pass now).
type ReasonChange struct {
	From string `json:"from"`
	To   string `json:"to"`
	Rows int    `json:"rows"`
}

// ReplayReport is the diff of a quarantine under the current contract and,
// after an ingest, what it fed through the valid branch.
type ReplayReport struct {
	Pipeline        string         `json:"pipeline"`
	Quarantine      string         `json:"quarantine"`
	Source          string         `json:"source"`
	Contract        string         `json:"contract"`
	ContractVersion string         `json:"contract_version"`
	Rows            []ReplayRow    `json:"rows"`
	Changes         []ReasonChange `json:"changes"`
	// Pass and Fail count the rows that pass and still fail now;
	// Replayed the rows the ledger already held before this replay.
	Pass     int `json:"pass"`
	Fail     int `json:"fail"`
	Replayed int `json:"replayed"`
	// Applied says the passing rows were fed through the valid branch;
	// Ingested counts the rows this replay fed (rows pending from an
	// interrupted replay included).
	Applied  bool   `json:"applied"`
	Ingested int    `json:"ingested"`
	Ledger   string `json:"ledger"`
}

// ReplayOptions configure Replay.
type ReplayOptions struct {
	// Quarantine is the quarantine sink's asset (or query).
	Quarantine string
	// Apply feeds the rows that pass now through the valid branch, once.
	Apply bool
	// Run configures the replay program on a Spark profile as a run's
	// program (Python, ProgramLog, Profile for the preflight, OnNotice).
	Run Options
}

// quarantined is a quarantine row as replay reads it.
type quarantined struct {
	RawPayload       *string `json:"raw_payload"`
	RawPayloadBase64 *string `json:"raw_payload_base64"`
	ReasonCode       string  `json:"reason_code"`
	Reason           string  `json:"reason"`
	FieldPath        *string `json:"field_path"`
	ObservedAt       string  `json:"observed_at"`
	SourceTopic      *string `json:"source_topic"`
	SourcePartition  *int64  `json:"source_partition"`
	SourceOffset     *int64  `json:"source_offset"`
	ContractVersion  *string `json:"contract_version"`
}

// Replay reads the quarantine's rows (as `etlgen show` does), validates
// each raw payload again under the source's current contract with the Go
// validator, and reports the diff; with opts.Apply it then feeds the rows
// that pass through the valid branch on the local engine, each once
// (replay_ingest.go).
func Replay(ctx context.Context, m *planner.Model, opts ReplayOptions) (*ReplayReport, error) {
	pp, q, err := findSink(m, opts.Quarantine)
	if err != nil {
		return nil, err
	}
	src, err := quarantineSource(pp, q, opts.Quarantine)
	if err != nil {
		return nil, err
	}
	c := src.Def
	if c == nil {
		return nil, fmt.Errorf("replay %s: unknown contract %s", opts.Quarantine, src.Contract)
	}
	rows, err := ReadSink(ctx, m, opts.Quarantine, math.MaxInt)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(rows.Columns, "raw_payload") {
		return nil, replayErr(CodeReplayNotQuarantine, "replay %s: its contract has no raw_payload column, so its rows cannot be validated again", opts.Quarantine)
	}
	led, err := openLedger(pp, q.Sink.Asset)
	if err != nil {
		return nil, err
	}
	held, err := ledgerIDs(ctx, m, led)
	if err != nil {
		return nil, err
	}
	r := &ReplayReport{Pipeline: pp.ID, Quarantine: q.Sink.Asset, Source: src.Asset, Contract: c.ID, ContractVersion: c.Version, Ledger: led.path}
	if m.OnSpark {
		r.Ledger = sparkLedger(led)
	}
	payloads, err := judge(r, c, rows.Rows, held)
	if err != nil {
		return nil, err
	}
	switch {
	case !opts.Apply:
		return r, nil
	case m.OnSpark:
		return r, ingestSpark(ctx, m, pp, src, led, r, payloads, len(held), opts.Run)
	}
	return r, ingest(ctx, m, pp, src, led, r, payloads)
}

// ledgerIDs returns the replay ids the quarantine's ledger holds: its
// local file, or on Spark its Delta table.
func ledgerIDs(ctx context.Context, m *planner.Model, led *ledger) (map[string]bool, error) {
	if m.OnSpark {
		return sparkLedgerIDs(ctx, m, sparkLedger(led))
	}
	return led.ids()
}

// quarantineSource is the source whose invalid branch the sink q holds:
// a load of an extract's invalid port, or a static table's quarantine.
func quarantineSource(pp *planner.PipelinePlan, q *planner.Query, name string) (*planner.Source, error) {
	for i := range pp.Sources {
		s := &pp.Sources[i]
		if sq := s.Quarantine; sq != nil && sq.Asset == q.Sink.Asset {
			return s, nil
		}
		if q.Branch == "invalid" && len(q.Steps) == 0 && q.From.Node == s.Asset {
			return s, nil
		}
	}
	return nil, replayErr(CodeReplayNotQuarantine, "replay %s: not a quarantine (the load of an extract's Invalid() stream, or a static table's quarantine)", name)
}

// judge validates every quarantined row again, fills r with the verdicts
// and counts, and returns the raw payloads of the rows that pass now and
// are not in the ledger, by replay id, in quarantine order.
func judge(r *ReplayReport, c *contracts.Contract, rows []json.RawMessage, held map[string]bool) ([]ledgerEntry, error) {
	rv, err := contracts.NewRecordValidator(c)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", r.Quarantine, err)
	}
	seen := map[string]int{}
	changes := map[[2]string]int{}
	var out []ledgerEntry
	for i, data := range rows {
		var qr quarantined
		if err := json.Unmarshal(data, &qr); err != nil {
			return nil, fmt.Errorf("replay %s: row %d: %w", r.Quarantine, i+1, err)
		}
		raw, err := rawOf(qr)
		if err != nil {
			return nil, replayErr(CodeReplayNotQuarantine, "replay %s: row %d: %w", r.Quarantine, i+1, err)
		}
		id := replayID(c.ID, qr, raw, seen)
		row := ReplayRow{Row: i + 1, ID: id, Was: ReplayVerdict{Code: qr.ReasonCode, Reason: qr.Reason, Field: strOrEmpty(qr.FieldPath)},
			WasVersion: strOrEmpty(qr.ContractVersion), Replayed: held[id]}
		if _, rej := rv.Validate(raw); rej != nil {
			row.Now = &ReplayVerdict{Code: string(rej.ReasonCode), Reason: rej.Reason, Field: rej.FieldPath}
			r.Fail++
		} else {
			r.Pass++
			if !row.Replayed {
				out = append(out, ledgerEntry{ID: id, Raw: raw})
			}
		}
		if row.Replayed {
			r.Replayed++
		}
		to := ""
		if row.Now != nil {
			to = row.Now.Code
		}
		changes[[2]string{row.Was.Code, to}]++
		r.Rows = append(r.Rows, row)
	}
	for k, n := range changes {
		r.Changes = append(r.Changes, ReasonChange{From: k[0], To: k[1], Rows: n})
	}
	slices.SortFunc(r.Changes, func(a, b ReasonChange) int {
		return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To))
	})
	return out, nil
}

// rawOf is a quarantined row's payload as read: raw_payload_base64
// decoded when set (bytes that are not UTF-8), else raw_payload.
func rawOf(qr quarantined) ([]byte, error) {
	if qr.RawPayloadBase64 != nil {
		b, err := base64.StdEncoding.DecodeString(*qr.RawPayloadBase64)
		if err != nil {
			return nil, fmt.Errorf("raw_payload_base64: %w", err)
		}
		return b, nil
	}
	if qr.RawPayload == nil {
		return nil, fmt.Errorf("raw_payload is null")
	}
	return []byte(*qr.RawPayload), nil
}

// replayID is a row's stable replay id: a hash of the contract id, where
// the payload came from (topic, partition, offset), when it was observed,
// its raw bytes, and how many rows before it in the quarantine had all of
// these too (seen counts them), so that two identical rows are two ids
// and the same row is the same id at every replay.
func replayID(contract string, qr quarantined, raw []byte, seen map[string]int) string {
	h := sha256.New()
	for _, part := range []string{contract, strOrEmpty(qr.SourceTopic), num(qr.SourcePartition), num(qr.SourceOffset), qr.ObservedAt} {
		h.Write([]byte(strconv.Quote(part)))
	}
	h.Write(raw)
	key := hex.EncodeToString(h.Sum(nil))
	n := seen[key]
	seen[key]++
	sum := sha256.Sum256([]byte(key + "#" + strconv.Itoa(n)))
	return hex.EncodeToString(sum[:16])
}

func strOrEmpty(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func num(n *int64) string {
	if n == nil {
		return "null"
	}
	return strconv.FormatInt(*n, 10)
}
