package irload

import (
	"fmt"
	"os"
	"path/filepath"
)

// declDir is the directory of the cache that holds the entries of
// DeclCacheFile.
const declDir = "decl"

// maxDeclCached is how many DeclCacheFile entries the cache keeps: one is
// left behind by an edit of a package's declarations only.
const maxDeclCached = 32

// CacheFile returns the path of a file named name in the cache entry of
// the package named by pattern (resolved from dir): the directory its IR
// program is cached in, under the key that changes whenever a file of a
// local package it reaches, go.mod, go.sum or the environment changes (see
// cacheKey). Callers keep results derived from the package's source there,
// pruned with the program; name should say what else the result depends on
// (the etlgen build, the directory it was computed from). The directory is
// created; the file may not exist.
func (l Loader) CacheFile(dir, pattern, name string) (string, error) {
	cache, k, err := l.keys(dir, pattern)
	if err != nil {
		return "", err
	}
	entry := filepath.Join(cache, k.Program)
	if err := os.MkdirAll(entry, 0o755); err != nil {
		return "", fmt.Errorf("cache file of %s: %w", pattern, err)
	}
	return filepath.Join(entry, name), nil
}

// DeclCacheFile is CacheFile under the package's declaration key: the key
// that changes with go.mod, go.sum, the environment, every file of every
// other local package the package reaches and its own non-Go and generated
// files, but, of its own Go files, only with their declarations (not the
// bodies of functions, nor, unless a constant expression may read one, the
// values of variables; see declSource), and with where those lie. A result
// that only the types and comments the package declares decide (the
// contracts it declares and their diagnostics) kept there stays valid
// across the edits a pipeline's code mostly gets. The entries are under
// decl/ of the cache, the most recently used kept (maxDeclCached).
func (l Loader) DeclCacheFile(dir, pattern, name string) (string, error) {
	cache, k, err := l.keys(dir, pattern)
	if err != nil {
		return "", err
	}
	entry := filepath.Join(cache, declDir, k.Decl)
	if _, err := os.Stat(entry); err == nil {
		touch(entry)
		return filepath.Join(entry, name), nil
	}
	if err := os.MkdirAll(entry, 0o755); err != nil {
		return "", fmt.Errorf("cache file of %s: %w", pattern, err)
	}
	prune(filepath.Join(cache, declDir), "", maxDeclCached)
	return filepath.Join(entry, name), nil
}

// keys returns the cache directory and the keys of the package named by
// pattern, resolved from dir.
func (l Loader) keys(dir, pattern string) (string, keys, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", keys{}, fmt.Errorf("cache file of %s: %w", pattern, err)
	}
	m, err := findModule(abs)
	if err != nil {
		return "", keys{}, fmt.Errorf("cache file of %s: %w", pattern, err)
	}
	pkg, err := m.importPath(abs, pattern)
	if err != nil {
		return "", keys{}, fmt.Errorf("cache file: %w", err)
	}
	cache, err := l.cacheDir()
	if err != nil {
		return "", keys{}, err
	}
	k, err := sourceKeys(cache, m, pkg)
	if err != nil {
		return "", keys{}, fmt.Errorf("cache file of %s: hash sources: %w", pkg, err)
	}
	return cache, k, nil
}
