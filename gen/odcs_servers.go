package gen

import (
	"maps"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
)

// ODCSServer is where a bound asset with the contract's rows resides: one
// per source or sink asset of the bound profile that carries the contract.
// Only locations are written (topic, bootstrap servers, table, path,
// endpoint), from the redacted profile: never an option that can hold a
// credential, never a value read from the environment.
type ODCSServer struct {
	ID          string `yaml:"id"`
	Server      string `yaml:"server"`
	Type        string `yaml:"type"`
	Description string `yaml:"description,omitempty"`
	Environment string `yaml:"environment,omitempty"`
	Host        string `yaml:"host,omitempty"`
	Location    string `yaml:"location,omitempty"`
	Path        string `yaml:"path,omitempty"`
	EndpointURL string `yaml:"endpointUrl,omitempty"`
	Database    string `yaml:"database,omitempty"`
	Dataset     string `yaml:"dataset,omitempty"`
	Format      string `yaml:"format,omitempty"`
	// CustomProperties name the plugin and what ODCS has no server field
	// for (the Kafka topic, the catalog table).
	CustomProperties []ODCSCustom `yaml:"customProperties,omitempty"`
}

// serversOf lists the servers of a contract under the bound profile: every
// asset that reads or writes it, sorted by asset; none when unbound. Each
// is placed as its plugin's Server facts say; a plugin without them
// (memory, rate) has no server.
func serversOf(m *Model, contract string) []ODCSServer {
	if !m.bound() || m.Plan.Bound == nil {
		return nil
	}
	assets := map[string]*profile.Plugin{}
	for _, pp := range m.Plan.Pipelines {
		for _, s := range pp.Sources {
			if s.Contract == contract {
				assets[s.Asset] = pluginOf(s.Binding)
			}
		}
		for _, q := range pp.Queries {
			if q.Sink.Contract == contract {
				assets[q.Sink.Asset] = pluginOf(q.Sink.Binding)
			}
		}
	}
	var out []ODCSServer
	for _, a := range slices.Sorted(maps.Keys(assets)) {
		if s, ok := serverOf(m.Plan.Bound, a, assets[a]); ok {
			out = append(out, s)
		}
	}
	return out
}

// serverOf maps one redacted asset to a server as its plugin's Server
// facts say: its format, and the options that place it.
func serverOf(p *profile.Redacted, asset string, plugin *profile.Plugin) (ODCSServer, bool) {
	e, ok := p.Assets[asset]
	if !ok || plugin == nil || plugin.Server == nil {
		return ODCSServer{}, false
	}
	s := ODCSServer{ID: identifier(asset), Server: asset, Environment: p.Name, Format: plugin.Server.Format,
		CustomProperties: []ODCSCustom{{Property: "plugin", Value: e.Plugin}}}
	res := p.Resources[e.Resource]
	switch plugin.Server.Place {
	case profile.PlaceBroker:
		brokerServer(&s, e, res, plugin.Subscription)
	case profile.PlaceWarehouse:
		warehouseServer(&s, e, res, plugin.Server.Table)
	case profile.PlacePath:
		pathServer(&s, e, res)
	}
	if s.Type == "kafka" && s.Host == "" { // ODCS requires the bootstrap servers
		return ODCSServer{}, false
	}
	return s, s.Type != ""
}

// brokerServer places a Kafka topic by its resource's bootstrap servers,
// with the subscription options set (topic, pattern, partitions) as custom
// properties.
func brokerServer(s *ODCSServer, e, res profile.RedactedEntry, sub *profile.Subscription) {
	s.Type, s.Host = "kafka", clean(res.Options["bootstrap_servers"])
	if sub == nil {
		return
	}
	for _, k := range []string{sub.Topics, sub.Pattern, sub.Assign} {
		if v := clean(e.Options[k]); k != "" && v != "" {
			s.CustomProperties = append(s.CustomProperties, ODCSCustom{Property: k, Value: v})
		}
	}
}

// pathServer places a Delta table or a file directory: an object-store
// path is an s3 server, a local path a local one, a catalog table a custom
// server with its database and table.
func pathServer(s *ODCSServer, e, res profile.RedactedEntry) {
	path, table := clean(e.Options["path"]), clean(e.Options["table"])
	switch {
	case strings.HasPrefix(path, "s3a://") || strings.HasPrefix(path, "s3://"):
		s.Type, s.Location = "s3", path
		if res.Kind == "s3" {
			s.EndpointURL = clean(res.Options["endpoint"])
		}
	case path != "":
		s.Type, s.Path = "local", path
	case table != "":
		s.Type = "custom"
		s.Database, s.Dataset, _ = strings.Cut(table, ".")
		if s.Dataset == "" {
			s.Database, s.Dataset = "", table
		}
		s.CustomProperties = append(s.CustomProperties, ODCSCustom{Property: "table", Value: table})
	}
}

// warehouseServer places a table of a catalog (an Iceberg table of a
// Hadoop catalog) by its directory, as its plugin's Table says (ODCS 3.1
// has no iceberg server type: the storage is the type, the table's format
// the format), with its catalog and catalog-qualified table as custom
// properties.
func warehouseServer(s *ODCSServer, e, res profile.RedactedEntry, table func(map[string]string) (string, string, string, bool)) {
	if table == nil {
		return
	}
	opts := make(map[string]string, len(e.Options))
	for k, v := range e.Options {
		opts[k] = clean(v)
	}
	path, catalog, name, ok := table(opts)
	if !ok {
		return
	}
	if strings.HasPrefix(path, "s3a://") || strings.HasPrefix(path, "s3://") {
		s.Type, s.Location = "s3", path
		if res.Kind == "s3" {
			s.EndpointURL = clean(res.Options["endpoint"])
		}
	} else {
		s.Type, s.Path = "local", path
	}
	s.CustomProperties = append(s.CustomProperties, ODCSCustom{Property: "catalog", Value: catalog},
		ODCSCustom{Property: "table", Value: name})
}

// clean drops a value the redaction replaced or that names an environment
// variable: a server states where data is, never a secret or its name.
func clean(v string) string {
	if strings.Contains(v, "<redacted>") || strings.Contains(v, "${env:") {
		return ""
	}
	return v
}
