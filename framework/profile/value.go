package profile

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/etlgen/etlgen/diag"
)

// Value is one decoded option value. Which fields are set depends on Type.
type Value struct {
	Type OptionType
	// Str holds string, env, path, bytes and enum values, and the keyword of
	// an offsets value.
	Str      string
	Int      int64
	Bool     bool
	Duration time.Duration
	Time     time.Time
	List     []string
	Map      map[string]string
	// Offsets is the topic → partition → integer form of an offsets value.
	Offsets map[string]map[string]int64
	// Partitions is a partitions value: topic → partition numbers, sorted.
	Partitions map[string][]int32
	// Default marks a value taken from the option's spec, not the file.
	Default bool
	Pos     diag.Position
}

// Text renders the value in its canonical text form: the form Spark options
// take (offsets as JSON, durations in Spark's "N seconds" form, timestamps in
// RFC 3339, lists comma-separated, partitions as Spark's assign JSON).
func (v Value) Text() string {
	switch v.Type {
	case TypeInt:
		return strconv.FormatInt(v.Int, 10)
	case TypeBool:
		return strconv.FormatBool(v.Bool)
	case TypeDuration:
		return sparkDuration(v.Duration)
	case TypeTimestamp:
		return v.Time.UTC().Format(time.RFC3339Nano)
	case TypeStringList:
		return strings.Join(v.List, ",")
	case TypeStringMap:
		return mapText(v.Map)
	case TypePartitions:
		b, _ := json.Marshal(v.Partitions) // map keys marshal sorted
		return string(b)
	case TypeOffsets:
		if v.Offsets != nil {
			b, _ := json.Marshal(v.Offsets) // map keys marshal sorted
			return string(b)
		}
	}
	return v.Str
}

// sparkDuration renders d the way Spark interval strings read, e.g.
// "30 seconds" or "1500 milliseconds".
func sparkDuration(d time.Duration) string {
	if d%time.Second != 0 {
		return strconv.FormatInt(d.Milliseconds(), 10) + " milliseconds"
	}
	return strconv.FormatInt(int64(d/time.Second), 10) + " seconds"
}

// javaTimeString renders d as Spark's JavaUtils time strings read it:
// whole seconds as "<n>s", else milliseconds "<n>ms".
func javaTimeString(d time.Duration) string {
	if d%time.Second != 0 {
		return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
	}
	return strconv.FormatInt(int64(d/time.Second), 10) + "s"
}

func mapText(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + m[k]
	}
	return strings.Join(parts, ",")
}
