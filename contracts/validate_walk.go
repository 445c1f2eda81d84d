package contracts

import (
	"strconv"
	"strings"
	"sync"

	"github.com/etlgen/etlgen/contracts/internal/jsonscan"
)

// walker checks one parsed payload against a compiled plan. Walkers hold
// only scratch buffers, so one pool serves every validator.
type walker struct {
	p     jsonscan.Parser
	data  []byte
	tape  []jsonscan.Node
	buf   []byte      // decoded strings
	slots []int32     // per struct being walked: the value node of each field, -1 if absent
	root  *structPlan // the plan being walked, to render paths
	path  []int32     // where the walk is: field indexes, and -(i+1) for array element i
	top   []Value     // the top-level values of the payload being checked
	scan  bool        // record unknown members (policy reject)
	unkAt int32       // offset of the first unknown member, -1 if none
	unkIn string      // its path
}

var walkers = sync.Pool{New: func() any { return new(walker) }}

func getWalker() *walker { return walkers.Get().(*walker) }

func putWalker(w *walker) {
	clear(w.top)
	w.data, w.tape, w.unkIn, w.root = nil, nil, "", nil
	walkers.Put(w)
}

// renderPath renders the current path, event.items[2].sku, by following
// the field indexes through the plan (the walk itself stores no strings).
func (w *walker) renderPath() string {
	var b strings.Builder
	sp, t := w.root, (*typePlan)(nil)
	for i, s := range w.path {
		if s < 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(int(-s - 1)))
			b.WriteByte(']')
			t = t.elem
		} else {
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(sp.fields[s].name)
			t = sp.fields[s].typ
		}
		if t.kind == KindStruct {
			sp = t.st
		}
	}
	return b.String()
}

// object checks the object at node vn against sp, filling out (one value
// per field).
func (w *walker) object(sp *structPlan, vn int32, out []Value) *failure {
	base := len(w.slots)
	w.slots = append(w.slots, sp.absent...)
	k := vn + 1
	for m := range int(w.tape[vn].Len) {
		key := &w.tape[k]
		name := w.data[key.Start+1 : key.End-1]
		if key.Flags&jsonscan.Escaped != 0 {
			name, w.buf = jsonscan.StringBytes(w.data, *key, w.buf)
		}
		if i, ok := sp.lookup(m, name); ok {
			w.slots[base+i] = k + 1
		} else if w.scan && (w.unkAt < 0 || key.Start < w.unkAt) {
			w.unkAt, w.unkIn = key.Start, joinPath(w.renderPath(), string(name))
		}
		k = w.tape[k+1].Next
	}
	for i := range sp.fields {
		f := &sp.fields[i]
		w.path = append(w.path, int32(i))
		fl := w.field(f, w.slots[base+i], &out[i])
		if fl != nil && fl.path == "" {
			fl.path = w.renderPath()
		}
		w.path = w.path[:len(w.path)-1]
		if fl != nil {
			w.slots = w.slots[:base]
			return fl
		}
	}
	w.slots = w.slots[:base]
	return nil
}

// lookup finds the field of member m named name; members usually come in
// declaration order, so field m is tried first.
func (sp *structPlan) lookup(m int, name []byte) (int, bool) {
	if m < len(sp.fields) && sp.fields[m].name == string(name) {
		return m, true
	}
	i, ok := sp.index[string(name)]
	return i, ok
}

// field runs the presence check, then the type check and constraints.
func (w *walker) field(f *fieldPlan, vn int32, out *Value) *failure {
	if vn < 0 || w.tape[vn].Kind == jsonscan.Null {
		*out = Value{}
		if f.required {
			return fail(ReasonMissingRequired, "is required")
		}
		return nil
	}
	return w.value(f.typ, vn, out, f)
}

// runChecks runs f's constraints in tag order; f is nil for array elements.
func runChecks(f *fieldPlan, b []byte, v *Value) *failure {
	if f == nil {
		return nil
	}
	for _, ck := range f.checks {
		if fl := ck(b, v); fl != nil {
			return fl
		}
	}
	return nil
}

func wrongType(want string, got jsonscan.Kind) *failure {
	return fail(ReasonWrongType, "expected %s, got %s", want, got)
}
