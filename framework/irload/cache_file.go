package irload

import (
	"fmt"
	"os"
	"path/filepath"
)

// CacheFile returns the path of a file named name in the cache entry of
// the package named by pattern (resolved from dir): the directory its IR
// program is cached in, under the key that changes whenever a file of a
// local package it reaches, go.mod, go.sum or the environment changes (see
// cacheKey). Callers keep results derived from the package's source there,
// pruned with the program; name should say what else the result depends on
// (the etlgen build, the directory it was computed from). The directory is
// created; the file may not exist.
func (l Loader) CacheFile(dir, pattern, name string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("cache file of %s: %w", pattern, err)
	}
	m, err := findModule(abs)
	if err != nil {
		return "", fmt.Errorf("cache file of %s: %w", pattern, err)
	}
	pkg, err := m.importPath(abs, pattern)
	if err != nil {
		return "", fmt.Errorf("cache file: %w", err)
	}
	cache, err := l.cacheDir()
	if err != nil {
		return "", err
	}
	key, err := sourceKey(cache, m, pkg)
	if err != nil {
		return "", fmt.Errorf("cache file of %s: hash sources: %w", pkg, err)
	}
	entry := filepath.Join(cache, key)
	if err := os.MkdirAll(entry, 0o755); err != nil {
		return "", fmt.Errorf("cache file of %s: %w", pkg, err)
	}
	return filepath.Join(entry, name), nil
}
