package profile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
)

// engine checks the trigger and the resource the engine needs.
func (bc *binder) engine(b *Binding) {
	e, ok := bc.p.reg.LookupEngine(bc.p.engine)
	if !ok {
		return // reported by Parse
	}
	b.Engine = e
	t := bc.p.exec.Trigger
	if t.Type != "" && !slices.Contains(e.Triggers, t.Type) {
		bc.report(diag.Error, CodeTriggerMismatch, t.Pos, "execution.trigger", "use one of: "+listText(e.Triggers),
			"engine %s does not support the %s trigger", e.Name, t.Type)
	}
	if e.Resource != "" {
		if _, ok := bc.p.ResourceOfKind(e.Resource); !ok {
			bc.report(diag.Error, CodeNoEngineResource, bc.p.pos, "resources",
				"add resources."+e.Resource+" (e.g. connect_url: \"sc://127.0.0.1:15002\")",
				"engine %s needs a %s resource", e.Name, e.Resource)
		}
	}
	if e.Spark {
		bc.sessionResources()
		bc.pluginsOnSpark()
	}
}

// sessionResources refuses two resources of a kind that configures the
// Spark session (s3): the session has one S3A configuration.
func (bc *binder) sessionResources() {
	first := map[string]string{}
	for _, name := range bc.p.ResourceNames() {
		r := bc.p.resources[name]
		if r.Kind == nil || r.Kind.SessionConf == nil {
			continue
		}
		if other, ok := first[r.Kind.Name]; ok {
			bc.report(diag.Error, CodeSessionResources, r.Pos, "resources."+name,
				"keep one "+r.Kind.Name+" resource: the Spark session has one configuration for it (per-bucket settings go in the spark resource's conf as fs.s3a.bucket.<bucket>.*)",
				"resources %s and %s are both %s resources, and both would configure the one Spark session", other, name, r.Kind.Name)
			continue
		}
		first[r.Kind.Name] = name
	}
}

// pluginsOnSpark runs each plugin's Spark check (Plugin.BindSpark) over
// the profile's assets of that plugin, in name order.
func (bc *binder) pluginsOnSpark() {
	byPlugin := map[*Plugin][]*Asset{}
	for _, name := range bc.p.AssetNames() {
		if a := bc.p.assets[name]; a.Plugin != nil && a.Plugin.BindSpark != nil {
			byPlugin[a.Plugin] = append(byPlugin[a.Plugin], a)
		}
	}
	bc.p.reg.Walk(func(p *Plugin) {
		if assets := byPlugin[p]; len(assets) > 0 {
			p.BindSpark(SparkBinder{bc}, assets)
		}
	})
}

// checkpoint checks that the checkpoint root is durable: set, and not an
// absolute path under a temporary directory, unless the profile is a test
// profile.
func (bc *binder) checkpoint() {
	root, pos := bc.p.exec.CheckpointRoot, bc.p.exec.CheckpointRootPos
	const path = "execution.checkpoint_root"
	if !bc.p.rootWritten {
		return // Parse reported it missing (ETL-P304), or misspelt (ETL-P302)
	}
	if strings.TrimSpace(root) == "" {
		bc.report(diag.Error, CodeCheckpointRoot, pos, path, "set checkpoint_root to durable storage, e.g. s3a://warehouse/checkpoints",
			"the checkpoint root is empty")
		return
	}
	if bc.p.test {
		return
	}
	// Only a root written as an absolute local path can name a temporary
	// directory: a relative root lives wherever the repository does, which is
	// the user's choice (CI often clones under /tmp).
	if dir, ok := localPath(root); ok && filepath.IsAbs(dir) {
		tmp, found := tempDirOf(dir)
		if !found {
			return
		}
		bc.report(diag.Error, CodeCheckpointRoot, pos, path,
			"use durable storage (s3a://..., or a directory that survives reboots), or mark the profile `test: true`",
			"the checkpoint root is under the temporary directory %s: checkpoints would be lost and queries would restart from scratch", tmp)
	}
}

// localPath returns the filesystem path of a local root (plain path or file:
// URI).
func localPath(root string) (string, bool) {
	switch {
	case strings.HasPrefix(root, "file://"):
		return strings.TrimPrefix(root, "file://"), true
	case strings.HasPrefix(root, "file:"):
		return strings.TrimPrefix(root, "file:"), true
	case hasScheme(root):
		return "", false
	}
	return root, true
}

// tempDirOf returns the temporary directory dir is inside, if any.
func tempDirOf(dir string) (string, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for _, tmp := range []string{os.TempDir(), "/tmp", "/var/tmp", "/dev/shm"} {
		if rel, err := filepath.Rel(tmp, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return tmp, true
		}
	}
	return "", false
}

// mergeKeys resolves and checks the merge keys of a merge sink.
func (bc *binder) mergeKeys(a *Asset, c *contracts.Contract, path string) []string {
	if c == nil {
		return a.Strings("merge_keys")
	}
	pk := c.PrimaryKey()
	keys, pos := a.Strings("merge_keys"), a.Options["merge_keys"].Pos
	if len(keys) == 0 {
		keys, pos = pk, a.Pos
	}
	if len(keys) == 0 {
		bc.report(diag.Error, CodeNoMergeKeys, a.Pos, path,
			"set merge_keys, or mark the key columns of contract "+c.ID+" with contract:\"pk=N\"",
			"a foreach-batch-merge sink needs merge keys, and contract %s has no primary key", c.ID)
		return nil
	}
	for i, k := range keys {
		bc.mergeKey(c, i, k, pk, pos, path)
	}
	if covered := len(keys) >= len(pk); !covered && bc.allIn(keys, pk) && !a.Bool("allow_partial_merge_keys") {
		bc.report(diag.Error, CodeMergeKeyPartial, pos, path,
			"merge on the whole primary key ("+commaList(pk)+"), or set allow_partial_merge_keys: true if that is what the table is for",
			"merge keys %s cover only part of the primary key of %s: Delta's MERGE updates every target row of a key with one source row (two rows of one key become identical), and fails the batch with DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE when several of its rows match one row of the table", commaList(keys), c.ID)
	}
	return keys
}

func (bc *binder) allIn(keys, pk []string) bool {
	for _, k := range keys {
		if !slices.Contains(pk, k) {
			return false
		}
	}
	return true
}

// mergeKey checks one merge key against the contract's columns and key.
// An unknown key is not quoted (a value is quoted only once it is a
// column name); the hint lists the contract's columns.
func (bc *binder) mergeKey(c *contracts.Contract, i int, k string, pk []string, pos diag.Position, path string) {
	if _, ok := c.Field(k); !ok {
		names := fieldNames(c)
		bc.report(diag.Error, CodeMergeKeyUnknown, pos, path, "use columns of contract "+c.ID+": "+commaList(names)+suggest(k, names),
			"merge_keys[%d] is not a column of contract %s", i, c.ID)
		return
	}
	if !slices.Contains(pk, k) {
		bc.report(diag.Error, CodeMergeKeyNotKey, pos, path,
			"merge on primary-key columns ("+commaList(pk)+"), or mark "+k+" with contract:\"pk=N\"",
			"merge key %q is not a primary-key column of contract %s", k, c.ID)
	}
}
