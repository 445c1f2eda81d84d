package gen

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/goload"
	"github.com/etlgen/etlgen/framework/irload"
)

// LoadContractsCached is goload.Load of patterns (each naming one
// package, as a project's pipeline entries do), kept in the declaration
// cache entry of the first package (irload.Loader.DeclCacheFile) under a
// name that hashes the declaration key of every package: while none of
// them changes (their declarations, every file of every other local
// package they import, go.mod, go.sum, the environment), the same etlgen
// build loading from the same directory reads the recorded result instead
// of listing and type-checking the packages again. Anything unreadable in
// the cache is loaded afresh.
func LoadContractsCached(ctx context.Context, loader irload.Loader, dir string, patterns ...string) (*contracts.LoadResult, error) {
	path := contractsCachePath(loader, dir, patterns)
	if path != "" {
		if data, err := os.ReadFile(path); err == nil {
			var res contracts.LoadResult
			if gob.NewDecoder(bytes.NewReader(data)).Decode(&res) == nil {
				return &res, nil
			}
		}
	}
	res, err := goload.Load(ctx, dir, patterns...)
	if err != nil || path == "" {
		return res, err
	}
	var buf bytes.Buffer
	if gob.NewEncoder(&buf).Encode(res) == nil {
		writeCacheFile(path, buf.Bytes())
	}
	return res, nil
}

// contractsCachePath is where LoadContractsCached keeps the load of
// patterns; "" when a package has no cache entry (it does not load: the
// load says why).
func contractsCachePath(loader irload.Loader, dir string, patterns []string) string {
	if len(patterns) == 0 {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "contracts/2\x00%s\x00", checkSalt(dir))
	first := ""
	for _, p := range patterns {
		file, err := loader.DeclCacheFile(dir, p, "contracts")
		if err != nil {
			return ""
		}
		entry := filepath.Dir(file)
		if first == "" {
			first = entry
		}
		fmt.Fprintf(h, "%s\x00%s\x00", p, filepath.Base(entry))
	}
	return filepath.Join(first, "contracts-"+hex.EncodeToString(h.Sum(nil))[:16]+".gob")
}
