package ir

import (
	"strconv"
	"strings"
)

// JSONStep is one step of a JSON path: a field of an object (Key) or an
// element of an array (Index, from 0).
type JSONStep struct {
	Key   string
	Index int
	// IsIndex marks an array element.
	IsIndex bool
}

// JSONPathError is a JSON path outside the subset etlgen accepts: the
// byte offset in the path and what is wrong there.
type JSONPathError struct {
	Offset  int
	Problem string
}

// Error is the problem at its offset.
func (e *JSONPathError) Error() string {
	return "at byte " + strconv.Itoa(e.Offset) + ": " + e.Problem
}

// ParseJSONPath reads a path of the subset both engines read alike: "$",
// then steps ".name" (a letter or _, then letters, digits and _),
// "['key']" or "[\"key\"]" (a non-empty key without quotes or \), and
// "[n]" (an index from 0, without leading zeros, below 2^31). Spark reads
// more (wildcards, other keys) but not always as JSONPath does.
func ParseJSONPath(p string) ([]JSONStep, error) {
	if !strings.HasPrefix(p, "$") {
		return nil, &JSONPathError{0, "a path starts with $"}
	}
	var steps []JSONStep
	for i := 1; i < len(p); {
		switch p[i] {
		case '.':
			j := i + 1
			for j < len(p) && (p[j] == '_' || isASCIILetter(p[j]) || (j > i+1 && p[j] >= '0' && p[j] <= '9')) {
				j++
			}
			if j == i+1 {
				return nil, &JSONPathError{i + 1, "a name after . is a letter or _, then letters, digits and _"}
			}
			steps = append(steps, JSONStep{Key: p[i+1 : j]})
			i = j
		case '[':
			step, n, err := bracketStep(p[i:])
			if err != nil {
				err.Offset += i
				return nil, err
			}
			steps = append(steps, step)
			i += n
		default:
			return nil, &JSONPathError{i, "expected . or ["}
		}
	}
	return steps, nil
}

// bracketStep reads "['key']", "[\"key\"]" or "[n]" at the start of p and
// its length.
func bracketStep(p string) (JSONStep, int, *JSONPathError) {
	if len(p) > 1 && (p[1] == '\'' || p[1] == '"') {
		q := p[1]
		end := strings.IndexByte(p[2:], q)
		if end < 0 || !strings.HasPrefix(p[2+end+1:], "]") {
			return JSONStep{}, 0, &JSONPathError{1, "a quoted key ends with its quote and ]"}
		}
		key := p[2 : 2+end]
		if key == "" || strings.ContainsAny(key, `'"\`) {
			return JSONStep{}, 0, &JSONPathError{2, "a quoted key is not empty and has no quote or \\"}
		}
		return JSONStep{Key: key}, 2 + end + 2, nil
	}
	end := strings.IndexByte(p, ']')
	digits := p[1:max(end, 1)]
	n, err := strconv.ParseInt(digits, 10, 32)
	if end < 0 || err != nil || digits[0] == '+' || digits[0] == '-' || (len(digits) > 1 && digits[0] == '0') {
		return JSONStep{}, 0, &JSONPathError{1, "an index is a number from 0 below 2^31, without sign or leading zeros"}
	}
	return JSONStep{Index: int(n), IsIndex: true}, end + 1, nil
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
