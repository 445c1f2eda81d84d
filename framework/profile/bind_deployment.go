package profile

import (
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// The deployments of a Spark Connect server (the spark resource's
// deployment option).
const (
	DeploymentLocal   = "local"   // spark.master local[N]: driver and executors in one JVM, one filesystem
	DeploymentCluster = "cluster" // executors in other processes or machines (standalone, YARN, Kubernetes)
	DeploymentManaged = "managed" // a hosted Spark Connect endpoint (Databricks, serverless Spark)
)

// Deployment returns the deployment of the profile's spark resource
// (DeploymentLocal when it has none or does not say).
func (p *Profile) Deployment() string {
	if r, ok := p.ResourceOfKind("spark"); ok {
		if d := r.String("deployment"); d != "" {
			return d
		}
	}
	return DeploymentLocal
}

// deployment refuses local paths where the executors cannot see them:
// on a cluster or managed Spark server a checkpoint root or an asset path
// on the local filesystem is written by executors in other processes or
// machines, each into its own filesystem (or refused), and read back by
// the driver from its own (seed 004's anti-pattern). A managed server's
// own mounts, /Volumes/ (Unity Catalog volumes) and /dbfs/, are storage
// every executor shares.
func (bc *binder) deployment(b *Binding) {
	if !bc.p.reg.onSpark(bc.p.engine) {
		return
	}
	dep := bc.p.Deployment()
	if dep == DeploymentLocal {
		return
	}
	if root := bc.p.exec.CheckpointRoot; bc.localOn(dep, root) {
		bc.report(diag.Error, CodeDeploymentPath, bc.p.exec.CheckpointRootPos, "execution.checkpoint_root",
			"put checkpoints on storage every executor reaches, e.g. s3a://warehouse/checkpoints"+managedHint(dep),
			"the checkpoint root is a local path, and the Spark server's deployment is %s: executors write checkpoint files on their own machines, the driver reads its own, and a restart loses them", dep)
	}
	seen := map[string]bool{}
	for _, ab := range append(append([]AssetBinding{}, b.Sources...), b.Sinks...) {
		for _, a := range []*AssetBinding{&ab, ab.Quarantine} {
			if a == nil || seen[a.Name()] {
				continue
			}
			seen[a.Name()] = true
			bc.deploymentPaths(dep, a.Asset)
		}
	}
}

// deploymentPaths reports the asset's path options that are local paths.
func (bc *binder) deploymentPaths(dep string, a *Asset) {
	for _, o := range a.Plugin.Options {
		v, ok := a.Options[o.Name]
		if o.Type != TypePath || !ok || !bc.localOn(dep, v.Str) {
			continue
		}
		bc.report(diag.Error, CodeDeploymentPath, v.Pos, join("assets."+a.Name, o.Name),
			"use a path on storage every executor reaches (s3a://…), or a catalog table"+managedHint(dep),
			"asset %s's %s is a local path, and the Spark server's deployment is %s: executors would each read and write their own machine's files", a.Name, o.Name, dep)
	}
}

// localOn reports whether path is on the local filesystem of whichever
// process uses it, on deployment dep.
func (bc *binder) localOn(dep, path string) bool {
	p, ok := localPath(strings.TrimSpace(path))
	if !ok || p == "" {
		return false
	}
	if dep == DeploymentManaged && (strings.HasPrefix(p, "/Volumes/") || strings.HasPrefix(p, "/dbfs/")) {
		return false
	}
	return true
}

// managedHint adds the managed server's shared mounts to a hint.
func managedHint(dep string) string {
	if dep == DeploymentManaged {
		return ", or a Unity Catalog volume (/Volumes/…)"
	}
	return ""
}
