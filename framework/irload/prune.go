package irload

import (
	"os"
	"path/filepath"
	"slices"
	"time"
)

// maxCached is how many built IR programs the cache keeps (each is about
// 10 MB): a program is used again only while its package's sources are
// unchanged, so every edit leaves one behind.
const maxCached = 16

// touch marks a cached program as just used (its modification time): the
// cache keeps the most recently used programs.
func touch(bin string) {
	now := time.Now()
	_ = os.Chtimes(bin, now, now)
}

// prune removes the entries (directories) of root beyond the keep most
// recently used, by the modification time of their file named marker (""
// for the directory itself; entries without one are left alone: being
// built, or not of that kind); what it cannot read or remove it leaves
// alone (another etlgen may be using the cache at the same time).
func prune(root, marker string, keep int) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	type entry struct {
		dir  string
		used time.Time
	}
	var progs []entry
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(root, e.Name())
		info, err := os.Stat(filepath.Join(dir, marker))
		if err != nil {
			continue
		}
		progs = append(progs, entry{dir, info.ModTime()})
	}
	if len(progs) <= keep {
		return
	}
	slices.SortFunc(progs, func(a, b entry) int { return b.used.Compare(a.used) })
	for _, p := range progs[keep:] {
		_ = os.RemoveAll(p.dir)
	}
}
