package gen

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/irload"
)

// CheckPackageCached is CheckPackages for one package, kept in the cache
// entry of the package's declarations (irload.Loader.DeclCacheFile): a
// package whose declarations are unchanged (every file of every other
// local package it imports, go.mod, go.sum and the environment too; an
// edit of a function body or a variable's value changes none of them)
// checked by the same etlgen build from the same directory gives the
// recorded diagnostics without listing and type-checking it again.
// Anything unreadable in the cache is computed afresh; a cache that cannot
// be written is no error.
func CheckPackageCached(ctx context.Context, loader irload.Loader, dir, pattern string) (diag.List, error) {
	path, err := loader.DeclCacheFile(dir, pattern, "check-"+checkSalt(dir)+".json")
	if err != nil {
		path = ""
	}
	if path != "" {
		if data, err := os.ReadFile(path); err == nil {
			var l diag.List
			if json.Unmarshal(data, &l) == nil {
				return l, nil
			}
		}
	}
	l, err := CheckPackages(ctx, dir, pattern)
	if err != nil || path == "" {
		return l, err
	}
	if data, err := json.Marshal(l); err == nil {
		writeCacheFile(path, data)
	}
	return l, nil
}

// writeCacheFile replaces a file of the cache at once; a cache that cannot
// be written is no error.
func writeCacheFile(path string, data []byte) {
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid())
	if os.WriteFile(tmp, data, 0o644) != nil || os.Rename(tmp, path) != nil {
		_ = os.Remove(tmp)
	}
}

// checkSalt identifies what a check depends on beyond the package's
// sources: the etlgen build (executableID: another build may check
// otherwise) and the directory the positions are relative to.
func checkSalt(dir string) string {
	h := sha256.New()
	abs, _ := filepath.Abs(dir)
	fmt.Fprintf(h, "check/2\x00%s\x00%s", abs, executableID())
	return hex.EncodeToString(h.Sum(nil))[:16]
}
