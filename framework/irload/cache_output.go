package irload

import (
	"fmt"
	"os"

	"github.com/etlgen/etlgen/framework/ir"
)

// outputFile is the name of the document the program printed, in its
// cache entry: the IR of a package is a function of the sources its key
// hashes (what it declares at init), so a load of an unchanged package
// reads it instead of running the program.
const outputFile = "ir.json"

// readOutput reads a document kept by run.
func readOutput(path string) (*ir.Document, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ir.Unmarshal(data)
}

// writeCached replaces a file of the cache (the document the program
// printed, a source index) at once; a cache it cannot write only stays
// slower.
func writeCached(path string, data []byte) {
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid())
	if os.WriteFile(tmp, data, 0o644) != nil || os.Rename(tmp, path) != nil {
		_ = os.Remove(tmp)
	}
}
