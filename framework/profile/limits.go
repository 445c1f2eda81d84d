package profile

// Limits bound the work and memory of parsing one profile, so a hostile or
// broken file gets a coded error instead of exhausting the machine. Real
// profiles are far inside them: the largest of the 117 committed ones has
// 1 405 bytes and 86 YAML nodes, nested 6 levels deep. docs/profiles.md
// ("Limits") is rendered from these constants.
//
// yaml.v3 itself limits nesting to 10 000 levels while scanning (ETL-P301),
// and limits alias expansion only when it decodes into Go values: a
// yaml.Node tree keeps aliases as pointers, and this package walks that
// tree itself, so it measures the expanded tree before decoding it.
const (
	// MaxBytes is the largest profile file, checked before parsing: 256 KiB.
	// Parsing allocates up to ~120 bytes per input byte (yaml.v3 nodes), so
	// a file at the limit costs at most ~32 MB, once.
	MaxBytes = 256 << 10
	// MaxNodes is the largest number of YAML nodes written in the file:
	// every key, value, list item and alias counts.
	MaxNodes = 20_000
	// MaxExpandedNodes is the largest number of nodes of the profile with
	// every alias and merge key (`<<: *defaults`) expanded: what the decoder
	// walks.
	MaxExpandedNodes = 100_000
	// MaxDepth is the deepest nesting of the expanded profile; the root
	// mapping is level 1.
	MaxDepth = 64
)
