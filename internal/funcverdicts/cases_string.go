package funcverdicts

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/etl"
)

// stringCases are the string functions: case mapping, trim, length,
// concat and substring, over the hostile strings.
func stringCases() family {
	f := family{name: "string"}
	s, s2 := typed[string](S), typed[string](S2)
	f.over("lower/strings", etl.Lower(s), S, Strings)
	f.over("upper/strings", etl.Upper(s), S, Strings)
	f.over("trim/strings", etl.Trim(s), S, Strings)
	f.over("length/strings", etl.Length(s), S, Strings)
	f.over("concat/one", etl.Concat(s), S, Strings)
	f.cross("concat/pairs", etl.Concat(s, s2), S, []any{nil, "", "a", "😀", "\xff", "e"}, S2, []any{nil, "", "\u0301", "\xfe", "b"})
	for _, p := range []struct{ pos, n int }{{1, 3}, {0, 3}, {0, 1}, {-1, 1}, {-3, 2}, {-100, 102}, {2, 0}, {2, -1}, {100, 1}, {1, 2147483647}, {-2147483648, 5}} {
		f.over(fmt.Sprintf("substring/pos=%d,len=%d", p.pos, p.n), etl.Substring(s, p.pos, p.n), S, Strings)
	}
	return f
}
