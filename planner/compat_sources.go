package planner

import (
	"reflect"
	"slices"
	"strings"
)

// sources compares the streaming sources a checkpoint's offsets belong to.
// Unnamed on both sides (Spark 4.1), the offsets are kept by position: any
// other source list is ETL-X605. Named on both sides (Spark 4.2 source
// evolution, SparkSourceName), they are kept by name, so sources are
// matched by name: one whose name stays but whose plugin, topic, table or
// path changed is incompatible (ETL-P411: Spark would apply the old
// offsets to another source); an added name starts from its starting
// position (ETL-P413), a removed one leaves its offsets unused (ETL-P414),
// a reordering changes nothing. A checkpoint named on one side only fails
// the restart (ETL-P412, measured on Spark 4.2.0).
func (cc *comparer) sources(pid, q string, old, cur []SourceName) {
	oldNamed, curNamed := sourcesNamed(old), sourcesNamed(cur)
	switch {
	case !oldNamed && !curNamed:
		if !reflect.DeepEqual(sourceIDs(old), sourceIDs(cur)) {
			cc.add(pid, q, CodeStateSource, Incompatible, "sources changed from %s to %s: the checkpoint's offsets belong to the old sources (Spark does not allow a different source or topic)",
				strings.Join(sourceIDs(old), ", "), strings.Join(sourceIDs(cur), ", "))
		}
	case oldNamed != curNamed:
		was, is := "names none of its sources (Spark 4.1)", "names them (Spark 4.2)"
		if oldNamed {
			was, is = "names its sources (Spark 4.2)", "names none (Spark 4.1)"
		}
		cc.add(pid, q, CodeSourceNamingChange, Incompatible, "the checkpoint's program %s and the new one %s: Spark 4.2 fails the restart (measured: offsets by position and by name do not map onto each other)", was, is)
	default:
		cc.namedSources(pid, q, old, cur)
	}
}

// namedSources matches the sources of two named checkpoints by name.
func (cc *comparer) namedSources(pid, q string, old, cur []SourceName) {
	before := map[string]SourceName{}
	for _, s := range old {
		before[s.Name] = s
	}
	renamed := map[string]bool{}
	for _, s := range cur {
		o, ok := before[s.Name]
		delete(before, s.Name)
		switch {
		case !ok:
			if !cc.renamed(pid, q, s, old, cur, renamed) {
				cc.add(pid, q, CodeSourceAdded, Partial, "source %s (%s:%s) is new to the checkpoint: Spark 4.2 reads it from its starting position, the other sources resume where they were", s.Name, s.Plugin, s.Identity)
			}
		case o.Plugin != s.Plugin || o.Identity != s.Identity:
			cc.add(pid, q, CodeSourceIdentityChange, Incompatible, "source %s reads %s:%s, its checkpoint offsets belong to %s:%s: Spark would resume the new source from the old one's offsets (measured with a file source on Spark 4.2.0: the restart fails)",
				s.Name, s.Plugin, s.Identity, o.Plugin, o.Identity)
		}
	}
	for _, s := range old {
		if _, gone := before[s.Name]; gone && !renamed[s.Name] {
			cc.add(pid, q, CodeSourceRemoved, Partial, "source %s (%s:%s) no longer feeds the query: its offsets stay in the checkpoint, unused; were it to come back under that name, it would resume from them", s.Name, s.Plugin, s.Identity)
		}
	}
}

// renamed reports a source that reads what a source gone from the
// checkpoint read, under another name (ETL-P415): Spark 4.2 knows it by its
// name only, so it reads it again from its starting position (measured).
func (cc *comparer) renamed(pid, q string, s SourceName, old, cur []SourceName, done map[string]bool) bool {
	for _, o := range old {
		if o.Plugin != s.Plugin || o.Identity != s.Identity || done[o.Name] || slices.ContainsFunc(cur, func(c SourceName) bool { return c.Name == o.Name }) {
			continue
		}
		done[o.Name] = true
		cc.add(pid, q, CodeSourceRenamed, Partial, "source %s:%s was named %s in the checkpoint and is %s now: Spark 4.2 reads it again from its starting position, "+
			"so rows already written are written again (an append sink gets them twice; a MERGE rewrites them)", s.Plugin, s.Identity, o.Name, s.Name)
		return true
	}
	return false
}

// sourcesNamed reports whether a checkpoint's program names its sources.
func sourcesNamed(s []SourceName) bool {
	return len(s) > 0 && s[0].Name != ""
}
