package localengine

import (
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
)

// inputCache shares validated source batches between the queries of one
// engine: each query of a pipeline reads the same source (as Spark's
// queries each read the topic), usually the same offsets in the same round
// of RunAvailable, and validating a payload twice gives the same rows. It
// keeps the last batch per source asset, so it holds at most one batch of
// input per source.
type inputCache struct {
	mu   sync.Mutex
	last map[string]cachedInput // by asset
	// packed are the last streamed batches of the assets more than one
	// query reads (input_packed.go), by asset.
	packed  map[string]packedInput
	readers map[string]int // queries per asset
	// ports counts the queries that read each port of an asset, by
	// asset and port (a packed batch keeps the ports others read).
	ports map[string]map[string]int
}

type packedInput struct {
	key string
	pb  *packedBatch
}

type cachedInput struct {
	key string
	sb  *sourceBatch
	ts  time.Time
}

func newInputCache() *inputCache {
	return &inputCache{last: map[string]cachedInput{}, packed: map[string]packedInput{}, readers: map[string]int{},
		ports: map[string]map[string]int{}}
}

// shared says whether more than one query reads asset.
func (c *inputCache) shared(asset string) bool { return c != nil && c.readers[asset] > 1 }

// addReader counts q among the readers of its sources and their ports.
func (c *inputCache) addReader(q *Query) {
	for a := range q.sources {
		c.readers[a]++
		if c.ports[a] == nil {
			c.ports[a] = map[string]int{}
		}
		for p := range q.ports(a) {
			c.ports[a][p]++
		}
	}
}

// unread are the ports of asset (ir.PortValid, ir.PortInvalid) that no
// query reads but one that reads mine.
func (c *inputCache) unread(asset string, mine map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, p := range []string{ir.PortValid, ir.PortInvalid} {
		n := c.ports[asset][p]
		if mine[p] {
			n--
		}
		if n <= 0 {
			out[p] = true
		}
	}
	return out
}

// getPacked returns the packed batch of key.
func (c *inputCache) getPacked(asset, key string) (*packedBatch, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.packed[asset]
	return e.pb, ok && e.key == key
}

// putPacked caches the packed batch of key.
func (c *inputCache) putPacked(asset, key string, pb *packedBatch) {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.packed[asset] = packedInput{key: key, pb: pb}
	c.mu.Unlock()
}

// inputKey identifies what a read of src between two offsets returns,
// validated against contract.
func inputKey(src Stream, contract string, start, end Offset) string {
	var b strings.Builder
	b.WriteString(src.Identity())
	b.WriteByte(0)
	b.WriteString(contract)
	for _, o := range []Offset{start, end} {
		b.WriteByte(0)
		b.WriteString(strconv.FormatInt(o.N, 10))
		b.WriteByte('/')
		b.WriteString(strconv.FormatInt(o.FromVersion, 10))
		b.WriteByte('/')
		b.WriteString(strconv.FormatBool(o.Delta))
		b.WriteString(strconv.FormatBool(o.Snapshot))
		for _, f := range o.Files {
			b.WriteByte('/')
			b.WriteString(f)
		}
	}
	return b.String()
}

// get returns the cached batch of key, stamped with batch timestamp ts.
func (c *inputCache) get(asset, key string, ts time.Time) (*sourceBatch, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	e, ok := c.last[asset]
	c.mu.Unlock()
	if !ok || e.key != key {
		return nil, false
	}
	return e.sb.at(e.ts, ts), true
}

// drop forgets the cached batches of asset.
func (c *inputCache) drop(asset string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	delete(c.last, asset)
	delete(c.packed, asset)
	c.mu.Unlock()
}

// put caches the batch of key, validated with batch timestamp ts.
func (c *inputCache) put(asset, key string, sb *sourceBatch, ts time.Time) {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.last[asset] = cachedInput{key: key, sb: sb, ts: ts}
	c.mu.Unlock()
}

// observedAtCol is the position of observed_at in a rejected row
// (rejectCols).
const observedAtCol = 4

// at returns sb as validated at batch timestamp ts instead of was: the valid
// rows are shared (operators never modify their input rows), the rejected
// rows are copied with observed_at set to ts.
func (sb *sourceBatch) at(was, ts time.Time) *sourceBatch {
	if ts.Equal(was) || len(sb.invalid) == 0 {
		return sb
	}
	out := &sourceBatch{read: sb.read, valid: sb.valid, invalid: make([]Row, len(sb.invalid)), warnings: sb.warnings}
	for i, r := range sb.invalid {
		nr := append(Row(nil), r...)
		nr[observedAtCol] = ts.UTC()
		out.invalid[i] = nr
	}
	return out
}
