package run

import (
	"net/url"
	"path/filepath"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// olDataset is an OpenLineage dataset: an input or an output of a job.
type olDataset struct {
	Namespace string         `json:"namespace"`
	Name      string         `json:"name"`
	Facets    map[string]any `json:"facets,omitempty"`
	// InputFacets are an input dataset's facets of one run event
	// (dataQualityAssertions).
	InputFacets map[string]any `json:"inputFacets,omitempty"`
}

// olContractFacet is the custom dataset facet etlgen_contract: the ODCS
// contract the dataset's rows follow, and the asset that binds it.
type olContractFacet struct {
	olFacetBase
	ContractID      string `json:"contractId"`
	ContractVersion string `json:"contractVersion,omitempty"`
	Asset           string `json:"asset"`
	Plugin          string `json:"plugin"`
}

// datasetsOf returns the OpenLineage datasets of an asset binding, named by
// the OpenLineage naming conventions: a Kafka topic is kafka://host:port
// (the first bootstrap server) and the topic, one dataset per topic; a
// table by location is its scheme and authority (s3a://bucket,
// file://) and its path, an Iceberg table of a Hadoop catalog likewise by
// its directory (<warehouse>/<namespace>/<table>); a catalog table is spark://host:port of the
// Spark Connect server whose catalog names it, or the local engine's
// "etlgen-local", and the table name.
func datasetsOf(m *planner.Model, c *contracts.Contract, b *profile.AssetBinding, identity string) []olDataset {
	if b == nil || b.Asset == nil {
		return []olDataset{{Namespace: "etlgen", Name: identity}}
	}
	a := b.Asset
	facets := map[string]any{"etlgen_contract": contractFacet(c, b)}
	var out []olDataset
	switch {
	case a.Plugin.Subscription != nil || a.Has("topic"):
		ns := "kafka://unknown"
		if a.Resource != nil {
			if s := strings.Split(a.Resource.String("bootstrap_servers"), ",")[0]; s != "" && !strings.Contains(s, "${") {
				ns = "kafka://" + strings.TrimSpace(s)
			}
		}
		for _, t := range strings.Split(identity, ",") {
			out = append(out, olDataset{Namespace: ns, Name: t, Facets: facets})
		}
	case a.Plugin.Location != nil:
		ns, name := pathDataset(a.Plugin.Location(a))
		out = append(out, olDataset{Namespace: ns, Name: name, Facets: facets})
	case a.Has("path"):
		ns, name := pathDataset(a.Path("path"))
		out = append(out, olDataset{Namespace: ns, Name: name, Facets: facets})
	case a.Has("table"):
		out = append(out, olDataset{Namespace: catalogNamespace(m), Name: a.String("table"), Facets: facets})
	default:
		out = append(out, olDataset{Namespace: string(a.Plugin.Name), Name: identity, Facets: facets})
	}
	return out
}

// pathDataset splits a location into namespace and name: s3a://bucket/a/b
// is s3a://bucket and /a/b; a local path is file:// and its absolute path.
func pathDataset(p string) (string, string) {
	if u, err := url.Parse(p); err == nil && u.Scheme != "" && u.Host != "" {
		return u.Scheme + "://" + u.Host, u.Path
	}
	p = strings.TrimPrefix(p, "file://")
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	return "file://", p
}

// catalogNamespace is the namespace of a catalog table.
func catalogNamespace(m *planner.Model) string {
	if m.InProcess || m.Session == nil {
		return "etlgen-local"
	}
	if u, err := url.Parse(m.Session.Remote); err == nil && u.Host != "" {
		return "spark://" + u.Host
	}
	return "spark"
}

// contractFacet is a binding's etlgen_contract facet; c is the contract
// the model resolved the binding's to (nil when undeclared).
func contractFacet(c *contracts.Contract, b *profile.AssetBinding) olContractFacet {
	f := olContractFacet{olFacetBase: facetBase("EtlgenContractDatasetFacet"), ContractID: b.Contract,
		Asset: b.Name(), Plugin: string(b.Asset.Plugin.Name)}
	if c != nil {
		f.ContractVersion = c.Version
	}
	return f
}
