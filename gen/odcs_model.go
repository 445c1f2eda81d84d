package gen

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

// ODCSVersion is the ODCS apiVersion written and read back.
const ODCSVersion = "v3.1.0"

// ODCSDoc is the subset of an ODCS v3.1.0 data contract etlgen writes and reads
// back. Field order is the YAML key order.
type ODCSDoc struct {
	APIVersion       string           `yaml:"apiVersion"`
	Kind             string           `yaml:"kind"`
	ID               string           `yaml:"id"`
	Name             string           `yaml:"name,omitempty"`
	Version          string           `yaml:"version"`
	Status           string           `yaml:"status"`
	Domain           string           `yaml:"domain,omitempty"`
	Description      *ODCSDescription `yaml:"description,omitempty"`
	Team             *ODCSTeam        `yaml:"team,omitempty"`
	Support          []ODCSSupport    `yaml:"support,omitempty"`
	Servers          []ODCSServer     `yaml:"servers,omitempty"`
	SLAProperties    []ODCSSLA        `yaml:"slaProperties,omitempty"`
	Schema           []ODCSObject     `yaml:"schema"`
	CustomProperties []ODCSCustom     `yaml:"customProperties,omitempty"`
}

// ODCSDescription is the contract's description object.
type ODCSDescription struct {
	Purpose string `yaml:"purpose,omitempty"`
	Usage   string `yaml:"usage,omitempty"`
}

// ODCSTeam is the owning team, with its contact as a member.
type ODCSTeam struct {
	Name    string           `yaml:"name,omitempty"`
	Members []ODCSTeamMember `yaml:"members,omitempty"`
}

// ODCSTeamMember is a team member: the contact marker's e-mail or user name.
type ODCSTeamMember struct {
	Username string `yaml:"username"`
	Role     string `yaml:"role,omitempty"`
}

// ODCSSupport is a support channel.
type ODCSSupport struct {
	Channel string `yaml:"channel"`
	URL     string `yaml:"url"`
	Tool    string `yaml:"tool,omitempty"`
	Scope   string `yaml:"scope,omitempty"`
}

// ODCSSLA is one service-level property: latency (the freshness marker) or
// retention, a number with its unit.
type ODCSSLA struct {
	Property    string `yaml:"property"`
	Value       int    `yaml:"value"`
	Unit        string `yaml:"unit"`
	Description string `yaml:"description,omitempty"`
}

// ODCSObject is one schema object (the record type of a contract).
type ODCSObject struct {
	Name         string         `yaml:"name"`
	BusinessName string         `yaml:"businessName,omitempty"`
	LogicalType  string         `yaml:"logicalType"`
	PhysicalType string         `yaml:"physicalType,omitempty"`
	Description  string         `yaml:"description,omitempty"`
	Properties   []ODCSProperty `yaml:"properties"`
	// Quality holds the contract's cross-field rules (odcs_rules.go).
	Quality []ODCSQuality `yaml:"quality,omitempty"`
}

// ODCSProperty is one property (column) of a schema object, or the items of an
// array (then without a name).
type ODCSProperty struct {
	Name               string         `yaml:"name,omitempty"`
	LogicalType        string         `yaml:"logicalType"`
	LogicalTypeOptions *ODCSOptions   `yaml:"logicalTypeOptions,omitempty"`
	PhysicalType       string         `yaml:"physicalType"`
	Description        string         `yaml:"description,omitempty"`
	Required           bool           `yaml:"required,omitempty"`
	PrimaryKey         bool           `yaml:"primaryKey,omitempty"`
	PrimaryKeyPosition int            `yaml:"primaryKeyPosition,omitempty"`
	Unique             bool           `yaml:"unique,omitempty"`
	Classification     string         `yaml:"classification,omitempty"`
	Examples           []Scalar       `yaml:"examples,omitempty"`
	Properties         []ODCSProperty `yaml:"properties,omitempty"`
	Items              *ODCSProperty  `yaml:"items,omitempty"`
	Quality            []ODCSQuality  `yaml:"quality,omitempty"`
	CustomProperties   []ODCSCustom   `yaml:"customProperties,omitempty"`
}

// ODCSOptions are the logicalTypeOptions of a property: the union of the
// options ODCS allows per logical type; only those valid for the property's
// type are ever set.
type ODCSOptions struct {
	Format           string  `yaml:"format,omitempty"`
	MinLength        *int    `yaml:"minLength,omitempty"`
	MaxLength        *int    `yaml:"maxLength,omitempty"`
	Pattern          string  `yaml:"pattern,omitempty"`
	Minimum          *Scalar `yaml:"minimum,omitempty"`
	ExclusiveMinimum *Scalar `yaml:"exclusiveMinimum,omitempty"`
	Maximum          *Scalar `yaml:"maximum,omitempty"`
	ExclusiveMaximum *Scalar `yaml:"exclusiveMaximum,omitempty"`
	MultipleOf       *Scalar `yaml:"multipleOf,omitempty"`
	MinItems         *int    `yaml:"minItems,omitempty"`
	MaxItems         *int    `yaml:"maxItems,omitempty"`
	Timezone         *bool   `yaml:"timezone,omitempty"`
	DefaultTimezone  string  `yaml:"defaultTimezone,omitempty"`
}

// ODCSQuality is one library, SQL or text quality rule of a property.
type ODCSQuality struct {
	Type        string `yaml:"type"`
	Name        string `yaml:"name,omitempty"`
	Metric      string `yaml:"metric,omitempty"`
	Description string `yaml:"description,omitempty"`
	Dimension   string `yaml:"dimension,omitempty"`
	// Query is an SQL rule's query (Spark SQL).
	Query            string         `yaml:"query,omitempty"`
	Arguments        *ODCSArguments `yaml:"arguments,omitempty"`
	MustBe           *Scalar        `yaml:"mustBe,omitempty"`
	CustomProperties []ODCSCustom   `yaml:"customProperties,omitempty"`
}

// ODCSArguments are the arguments of a library quality rule.
type ODCSArguments struct {
	ValidValues   []string `yaml:"validValues,omitempty,flow"`
	MissingValues []string `yaml:"missingValues,omitempty,flow"`
}

// ODCSCustom is one custom property: a camelCase name and a value (a
// scalar or a list).
type ODCSCustom struct {
	Property string `yaml:"property"`
	Value    any    `yaml:"value"`
}

// Scalar is a YAML scalar kept exactly as written: its tag (!!str, !!int,
// !!float, !!bool) and its text. Numbers stay exact (no float rounding), and
// dates stay strings.
type Scalar struct {
	Tag   string
	Value string
}

// Scalar tags.
const (
	tagStr   = "!!str"
	tagInt   = "!!int"
	tagFloat = "!!float"
	tagBool  = "!!bool"
)

// MarshalYAML writes the scalar with its tag; strings are quoted only when
// they would otherwise read as another type.
func (s Scalar) MarshalYAML() (any, error) {
	if s.Tag == tagStr || s.Tag == "" {
		return s.Value, nil
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: s.Tag, Value: s.Value}, nil
}

// UnmarshalYAML reads any scalar, resolving its tag.
func (s *Scalar) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("line %d: want a scalar", n.Line)
	}
	s.Tag, s.Value = n.ShortTag(), n.Value
	if s.Tag == "!!timestamp" {
		s.Tag = tagStr
	}
	return nil
}

// str returns a string scalar.
func strScalar(v string) Scalar { return Scalar{Tag: tagStr, Value: v} }

// numScalar returns an integer or float scalar for a number literal.
func numScalar(v string) Scalar {
	for _, r := range v {
		if r == '.' || r == 'e' || r == 'E' {
			return Scalar{Tag: tagFloat, Value: v}
		}
	}
	return Scalar{Tag: tagInt, Value: v}
}
