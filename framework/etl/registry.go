package etl

import "sync"

// registry holds every declared pipeline and transformation, in declaration
// order, so the IR program finds those of an imported package.
var registry struct {
	sync.Mutex
	pipelines  []*pipelineDef
	transforms []*transformDef
}

// registerPipeline records a pipeline declaration.
func registerPipeline(d *pipelineDef) {
	registry.Lock()
	defer registry.Unlock()
	registry.pipelines = append(registry.pipelines, d)
}

// registerTransform records a transformation declaration.
func registerTransform(d *transformDef) {
	registry.Lock()
	defer registry.Unlock()
	registry.transforms = append(registry.transforms, d)
}

// declared returns the pipelines and transformations of package pkg (every
// one when pkg is empty).
func declared(pkg string) ([]*pipelineDef, []*transformDef) {
	registry.Lock()
	defer registry.Unlock()
	var ps []*pipelineDef
	var ts []*transformDef
	for _, p := range registry.pipelines {
		if pkg == "" || p.pkg == pkg {
			ps = append(ps, p)
		}
	}
	for _, t := range registry.transforms {
		if pkg == "" || t.pkg == pkg {
			ts = append(ts, t)
		}
	}
	return ps, ts
}
