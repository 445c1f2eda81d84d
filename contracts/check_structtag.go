package contracts

import (
	"fmt"
	"strconv"
)

// checkStructTag checks that a struct tag follows the key:"value" convention
// that reflect.StructTag reads (reflect silently ignores the rest), and that
// no key appears twice.
func checkStructTag(tag string) error {
	seen := map[string]bool{}
	for tag != "" {
		i := 0
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		tag = tag[i:]
		if tag == "" {
			break
		}
		i = 0
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		if i == 0 || i+1 >= len(tag) || tag[i] != ':' || tag[i+1] != '"' {
			return fmt.Errorf("malformed key:\"value\" pair in %q", tag)
		}
		name := tag[:i]
		tag = tag[i+1:]
		i = 1
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(tag) {
			return fmt.Errorf("unterminated value of key %q", name)
		}
		if _, err := strconv.Unquote(tag[:i+1]); err != nil {
			return fmt.Errorf("bad value of key %q: %w", name, err)
		}
		if seen[name] {
			return fmt.Errorf("key %q given twice", name)
		}
		seen[name] = true
		tag = tag[i+1:]
	}
	return nil
}
