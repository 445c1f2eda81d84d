package localengine

// pageBits sets how many groups a column page holds: 1<<pageBits.
const pageBits = 10

const pageMask = 1<<pageBits - 1

// column holds stride values (at least one) per group number in pages of
// 1<<pageBits groups. It grows a page at a time and never copies the
// pages it has: a slice grown by append copies every value at each
// doubling and leaves the old array to the collector, which at a million
// groups is tens of MB in one batch. Only the last page grows by append,
// up to its size, so that a small table takes little memory.
type column[T any] struct {
	stride int
	pages  [][]T
	n      int // group numbers
}

// width is the number of values a group has.
func (c *column[T]) width() int { return max(c.stride, 1) }

// grow appends a group of zero values and returns its number.
func (c *column[T]) grow() int32 {
	w := c.width()
	last := len(c.pages) - 1
	if last < 0 || len(c.pages[last]) == w<<pageBits {
		size := w // the first page grows; the next ones are whole at once
		if last >= 0 {
			size = w << pageBits
		}
		c.pages = append(c.pages, make([]T, 0, size))
		last++
	}
	var zero T
	for range w {
		c.pages[last] = append(c.pages[last], zero)
	}
	c.n++
	return int32(c.n - 1)
}

// row returns the values of group g (the column's own).
func (c *column[T]) row(g int32) []T {
	w := c.width()
	p, i := c.pages[g>>pageBits], int(g&pageMask)*w
	return p[i : i+w : i+w]
}

// at returns the first value of group g.
func (c *column[T]) at(g int32) *T { return &c.pages[g>>pageBits][int(g&pageMask)*c.width()] }

// shrink removes the last group, releasing what it refers to.
func (c *column[T]) shrink() {
	last := len(c.pages) - 1
	p := c.pages[last]
	clear(p[len(p)-c.width():])
	if p = p[:len(p)-c.width()]; len(p) == 0 && last > 0 {
		c.pages = c.pages[:last]
	} else {
		c.pages[last] = p
	}
	c.n--
}

// reset removes every group.
func (c *column[T]) reset() { c.pages, c.n = nil, 0 }
