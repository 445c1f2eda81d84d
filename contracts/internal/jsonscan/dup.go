package jsonscan

import "bytes"

// pairwiseLimit is the member count up to which duplicates are found by
// comparing every pair; larger objects use a set.
const pairwiseLimit = 16

// dupChecker finds duplicate member names, comparing decoded names.
type dupChecker struct {
	a, b []byte
	set  map[string]struct{}
}

// find reports the first member of keys whose name repeats an earlier one,
// with its offset and decoded name.
func (c *dupChecker) find(data []byte, tape []Node, keys []int32) (int, []byte, bool) {
	if len(keys) <= pairwiseLimit {
		return c.pairwise(data, tape, keys)
	}
	if c.set == nil {
		c.set = map[string]struct{}{}
	}
	clear(c.set)
	for _, k := range keys {
		name, _ := StringBytes(data, tape[k], nil)
		if _, ok := c.set[string(name)]; ok {
			return int(tape[k].Start), name, true
		}
		c.set[string(name)] = struct{}{}
	}
	return 0, nil, false
}

func (c *dupChecker) pairwise(data []byte, tape []Node, keys []int32) (int, []byte, bool) {
	for j := 1; j < len(keys); j++ {
		y := &tape[keys[j]]
		for i := 0; i < j; i++ {
			x := &tape[keys[i]]
			if x.Flags|y.Flags == 0 && (x.End-x.Start != y.End-y.Start || data[x.Start+1] != data[y.Start+1]) {
				continue // cheap filter: raw names of different length or first byte
			}
			if c.equal(data, *x, *y) {
				name, _ := StringBytes(data, tape[keys[j]], nil)
				return int(tape[keys[j]].Start), name, true
			}
		}
	}
	return 0, nil, false
}

// equal compares two member names after decoding their escapes.
func (c *dupChecker) equal(data []byte, x, y Node) bool {
	if x.Flags&Escaped == 0 && y.Flags&Escaped == 0 {
		return bytes.Equal(x.Contents(data), y.Contents(data))
	}
	var xs, ys []byte
	xs, c.a = StringBytes(data, x, c.a)
	ys, c.b = StringBytes(data, y, c.b)
	return bytes.Equal(xs, ys)
}
