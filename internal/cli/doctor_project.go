package cli

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/project"
)

// doctorProject is `etlgen doctor` over the project file: the environment
// of each selected target's profiles (each profile once, however many
// packages share it), a profile of the local engine skipped (it needs
// nothing but this process). The exit code is the worst profile's.
func doctorProject(ctx context.Context, e env, path string, targets []string, format string, timeout time.Duration) int {
	if format != formatText {
		return e.usageError("a project's checklists print as text; give --profile FILE for one as json")
	}
	cfg, code := loadConfig(e, path, diag.FormatText)
	if code != ExitOK {
		return code
	}
	units, err := cfg.Select(project.Selection{Targets: targets})
	if err != nil {
		return e.usageError("%v", err)
	}
	var seen []string
	worst := ExitOK
	for _, u := range units {
		if slices.Contains(seen, u.Target.Profile) {
			continue
		}
		seen = append(seen, u.Target.Profile)
		file := relToDir(".", cfg.Path(u.Target.Profile))
		fmt.Fprintf(e.stdout, "# target %s: %s\n", u.Target.Name, file)
		if p, _, err := profile.Load(file); err == nil && profile.InProcess(p.Engine()) {
			fmt.Fprintln(e.stdout, "- the local engine runs in this process: nothing to check")
			continue
		}
		worst = max(worst, runDoctor(ctx, e, file, format, timeout, nil))
	}
	return worst
}
