package jsonscan

import "bytes"

// pairwiseLimit is the member count up to which duplicates are found by
// comparing every pair; larger objects use a set.
const pairwiseLimit = 16

// memberKey is a member name on the key stack: its node and a signature
// that differs for names that cannot be equal (0 for escaped names, which
// are always compared in full).
type memberKey struct {
	node int32
	sig  uint32
}

// keyOf builds the memberKey of name node n at index i.
func keyOf(data []byte, i int, n Node) memberKey {
	k := memberKey{node: int32(i)}
	if n.Flags&Escaped == 0 && n.End-n.Start > 2 {
		k.sig = uint32(n.End-n.Start)<<16 | uint32(data[n.Start+1])<<8 | uint32(data[n.End-2]) | 1<<31
	}
	return k
}

// dupChecker finds duplicate member names, comparing decoded names.
type dupChecker struct {
	a, b []byte
	set  map[string]struct{}
}

// find reports the first member of keys whose name repeats an earlier one,
// with its offset and decoded name.
func (c *dupChecker) find(data []byte, tape []Node, keys []memberKey) (int, []byte, bool) {
	if len(keys) <= pairwiseLimit {
		return c.pairwise(data, tape, keys)
	}
	if c.set == nil {
		c.set = map[string]struct{}{}
	}
	clear(c.set)
	for _, k := range keys {
		name, _ := StringBytes(data, tape[k.node], nil)
		if _, ok := c.set[string(name)]; ok {
			return int(tape[k.node].Start), name, true
		}
		c.set[string(name)] = struct{}{}
	}
	return 0, nil, false
}

func (c *dupChecker) pairwise(data []byte, tape []Node, keys []memberKey) (int, []byte, bool) {
	for j := 1; j < len(keys); j++ {
		y := keys[j]
		for _, x := range keys[:j] {
			if x.sig != y.sig && x.sig != 0 && y.sig != 0 {
				continue // names of different length, first or last byte
			}
			if c.equal(data, tape[x.node], tape[y.node]) {
				name, _ := StringBytes(data, tape[y.node], nil)
				return int(tape[y.node].Start), name, true
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
