package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// etlgenBinary builds cmd/etlgen once per test process.
func etlgenBinary(b *testing.B) string {
	b.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "etlgen-bench-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "etlgen")
		out, err := exec.Command("go", "build", "-o", binPath, "../../cmd/etlgen").CombinedOutput()
		if err != nil {
			binErr = &exec.ExitError{Stderr: out}
		}
	})
	if binErr != nil {
		b.Fatalf("build etlgen: %v", binErr)
	}
	return binPath
}

// BenchmarkValidate runs `etlgen validate PKG --profile FILE` end to end as a
// process: IR document (cached by irload after the first run, as in CI
// after the first validate), profile, planner, rendering. Targets: the
// example ≤ 30 ms (issue 35; BenchmarkValidateLoop times it interleaved),
// the 500-step pipeline < 1 s. The cold sub-benchmarks start with
// an empty irload cache, so they include building the IR program.
func BenchmarkValidate(b *testing.B) {
	bin := etlgenBinary(b)
	for _, pkg := range []struct{ name, path string }{
		{"example", examplePkg},
		{"steps500", "./planner/testdata/bench500"},
	} {
		args := []string{"validate", "-C", root, pkg.path, "--profile", sparkProf}
		b.Run(pkg.name+"/cached", func(b *testing.B) {
			execValidate(b, bin, args, "")
			b.ResetTimer()
			start := time.Now()
			for b.Loop() {
				execValidate(b, bin, args, "")
			}
			b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N), "ms/op")
		})
		b.Run(pkg.name+"/cold", func(b *testing.B) {
			start := time.Now()
			for b.Loop() {
				execValidate(b, bin, args, b.TempDir())
			}
			b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N), "ms/op")
		})
	}
}

// execValidate runs the binary and fails on a non-zero exit; cache, when
// set, is an empty user cache directory (a cold irload cache).
func execValidate(b *testing.B, bin string, args []string, cache string) {
	b.Helper()
	cmd := exec.Command(bin, args...)
	if cache != "" {
		// Only irload's cache is cold: keep the go build cache warm.
		cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache, "GOCACHE="+goCache(b))
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("etlgen %v: %v\n%s", args, err, out)
	}
}

var goCacheDir = sync.OnceValue(func() string {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		return ""
	}
	return string(bytes.TrimSpace(out))
})

func goCache(b *testing.B) string {
	b.Helper()
	d := goCacheDir()
	if d == "" {
		b.Skip("go env GOCACHE failed")
	}
	return d
}
