package diag

// Fix is a mechanical edit of a YAML file (a profile) that resolves a
// diagnostic: the change its hint describes, in a form a tool can apply
// (profile.ApplyFix). Exactly one of Set, Rename and Delete is given. A
// diagnostic whose fix needs judgement (a code change, a choice between
// several values) has none.
type Fix struct {
	// File is the file to edit.
	File string `json:"file"`
	// Key is the dotted path of the key to edit, e.g.
	// assets.customer_order_windows.output_mode.
	Key string `json:"key"`
	// Set is the value to write at Key; the key is added when absent.
	Set string `json:"set,omitempty"`
	// Rename is the name Key's last part takes, its value kept.
	Rename string `json:"rename,omitempty"`
	// Delete removes Key and its value.
	Delete bool `json:"delete,omitempty"`
}

// IsZero reports whether the fix is absent.
func (f Fix) IsZero() bool { return f == Fix{} }
