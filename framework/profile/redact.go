package profile

// Redacted is a profile in a form safe to print in plans, logs and docs:
// environment-variable names are kept as ${env:NAME}, values are never
// resolved, and anything that looks like a secret reads <redacted>.
type Redacted struct {
	Name      string                   `json:"name" yaml:"name"`
	Engine    string                   `json:"engine" yaml:"engine"`
	Test      bool                     `json:"test,omitempty" yaml:"test,omitempty"`
	Execution RedactedExecution        `json:"execution" yaml:"execution"`
	Assets    map[string]RedactedEntry `json:"assets" yaml:"assets"`
	Resources map[string]RedactedEntry `json:"resources" yaml:"resources"`
}

// RedactedExecution is the execution section of a Redacted profile.
type RedactedExecution struct {
	Mode           string `json:"mode" yaml:"mode"`
	Trigger        string `json:"trigger" yaml:"trigger"`
	Interval       string `json:"interval,omitempty" yaml:"interval,omitempty"`
	CheckpointRoot string `json:"checkpoint_root" yaml:"checkpoint_root"`
	StopPolicy     string `json:"stop_policy" yaml:"stop_policy"`
	StopTimeout    string `json:"stop_timeout" yaml:"stop_timeout"`
	// ServerLossTimeout is execution.server_loss_timeout (Spark engine).
	ServerLossTimeout string `json:"server_loss_timeout" yaml:"server_loss_timeout"`
	// StateStore is execution.state_store (Spark engine).
	StateStore string `json:"state_store" yaml:"state_store"`
	// MultiSink is execution.multi_sink when it is not the default.
	MultiSink string `json:"multi_sink,omitempty" yaml:"multi_sink,omitempty"`
}

// RedactedEntry is an asset or a resource of a Redacted profile.
type RedactedEntry struct {
	Plugin   string            `json:"plugin,omitempty" yaml:"plugin,omitempty"`
	Kind     string            `json:"kind,omitempty" yaml:"kind,omitempty"`
	Resource string            `json:"resource,omitempty" yaml:"resource,omitempty"`
	Options  map[string]string `json:"options,omitempty" yaml:"options,omitempty"`
}

// redactedMark replaces a value that must not be printed.
const redactedMark = "<redacted>"

// Redacted returns the profile in a form safe to print.
func (p *Profile) Redacted() Redacted {
	r := Redacted{Name: p.name, Engine: p.engine, Test: p.test,
		Assets: map[string]RedactedEntry{}, Resources: map[string]RedactedEntry{}}
	r.Execution = RedactedExecution{Mode: p.exec.Mode, Trigger: p.exec.Trigger.Type,
		CheckpointRoot: redactString(p.exec.CheckpointRoot), StopPolicy: p.exec.StopPolicy,
		StopTimeout: p.exec.StopTimeout.String(), ServerLossTimeout: p.exec.ServerLossTimeout.String(),
		StateStore: p.exec.StateStore}
	if p.exec.MultiSink != MultiSinkShared {
		r.Execution.MultiSink = p.exec.MultiSink
	}
	if t := p.exec.Trigger; t.Interval > 0 || t.Type == TriggerProcessingTime {
		r.Execution.Interval = t.Interval.String()
	}
	for name, a := range p.assets {
		e := RedactedEntry{Plugin: string(a.Plugin.Name), Options: redactOptions(a.Options)}
		if a.Resource != nil {
			e.Resource = a.Resource.Name
		}
		r.Assets[name] = e
	}
	for name, res := range p.resources {
		r.Resources[name] = RedactedEntry{Kind: res.Kind.Name, Options: redactOptions(res.Options)}
	}
	return r
}

func redactOptions(opts map[string]Value) map[string]string {
	out := map[string]string{}
	for k, v := range opts {
		out[k] = redactValue(k, v)
	}
	return out
}

func redactValue(key string, v Value) string {
	switch {
	case v.Type == TypeEnv:
		return "${env:" + v.Str + "}"
	case v.Type == TypeStringMap:
		m := map[string]string{}
		for mk, mv := range v.Map {
			m[mk] = redactMapValue(mk, mv)
		}
		return mapText(m)
	}
	return redactMapValue(key, v.Text())
}

// redactMapValue is v unless it is a literal credential under key
// (LiteralSecret): an ${env:NAME} reference prints as written.
func redactMapValue(key, v string) string {
	if _, found := LiteralSecret(key, v); found {
		return redactedMark
	}
	return v
}

func redactString(s string) string { return redactMapValue("", s) }
