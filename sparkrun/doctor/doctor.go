package doctor

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/apache/spark-connect-go/spark/sql"
)

// Hints shared by several checks.
const (
	hintStack   = "start the local stack with `make stack-up` (scripts/stack.sh up), or point the profile at a running server"
	hintProfile = "add it to the profile (see docs/stack.md for the local stack's endpoints)"
)

// probe runs one check; it may read and set the shared session.
type probe struct {
	name, title string
	needsSpark  bool // skipped when the Spark session could not be opened
	run         func(ctx context.Context, p *prober) (detail string, code string, hint string, err error)
}

// prober carries what the probes share.
type prober struct {
	cfg     Config
	session sql.SparkSession
	// version is the server's Spark version, once probeVersion read it.
	version string
}

// Run probes the environment cfg names and reports every check, in order:
// Spark Connect, Spark version, Delta, each Kafka resource, the partitions
// of each source's specific starting offsets, checkpoint root, and the
// executors (each writes to the checkpoint storage and reads the Kafka
// assets' topics).
// It never returns early: a check whose prerequisite failed is Skipped.
func Run(ctx context.Context, cfg Config) Report {
	return runProbes(ctx, cfg, probes(cfg))
}

// runProbes runs the probes in order and reports every check.
func runProbes(ctx context.Context, cfg Config, list []probe) Report {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	p := &prober{cfg: cfg}
	defer p.close()
	rep := Report{Config: cfg}
	for _, pr := range list {
		rep.Checks = append(rep.Checks, p.check(ctx, pr))
	}
	return rep
}

// Preflight runs the checks etlgen run makes before it starts a Spark
// program, those whose failure Spark reports only after the start or at
// the first batch: each Kafka source's specific starting offsets against
// its topics' partitions (ETL-E708). It asks the Kafka brokers only, never
// Spark.
func Preflight(ctx context.Context, cfg Config) Report {
	var list []probe
	for _, o := range cfg.KafkaOffsets {
		list = append(list, offsetsCheck(o))
	}
	return runProbes(ctx, cfg, list)
}

// offsetsCheck is the probe of one source's starting offsets.
func offsetsCheck(o KafkaOffsets) probe {
	return probe{name: "kafka-offsets:" + o.Asset, title: "Starting offsets name every partition (" + o.Asset + ")", run: offsetsProbe(o)}
}

func probes(cfg Config) []probe {
	list := []probe{
		{name: "spark-connect", title: "Spark Connect server reachable", run: probeConnect},
		{name: "spark-version", title: "Spark version", needsSpark: true, run: probeVersion},
		{name: "spark-deployment", title: "Spark deployment (spark.master)", needsSpark: true, run: probeDeployment},
		{name: "delta", title: "Delta tables usable", needsSpark: true, run: probeDelta},
	}
	for _, name := range slices.Sorted(maps.Keys(cfg.Kafka)) {
		list = append(list, probe{name: "kafka:" + name, title: "Kafka reachable (" + name + ")", run: kafkaProbe(name)})
	}
	for _, o := range cfg.KafkaOffsets {
		list = append(list, offsetsCheck(o))
	}
	return append(list, probe{name: "checkpoint", title: "Checkpoint location writable", needsSpark: true, run: probeCheckpoint},
		probe{name: "spark-executors", title: "Every executor reaches storage and Kafka", needsSpark: true, run: probeExecutors},
		probe{name: "spark-codegen-cache", title: "Compiled-class cache (spark.sql.codegen.cache.maxEntries)", needsSpark: true, run: probeCodegenCache})
}

func (p *prober) check(ctx context.Context, pr probe) Check {
	c := Check{Name: pr.name, Title: pr.title}
	if pr.needsSpark && p.session == nil {
		c.Status, c.Detail = Skipped, "needs the Spark Connect server"
		c.Hint = "fix the Spark Connect check first"
		return c
	}
	start := time.Now()
	cctx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	detail, code, hint, err := pr.run(cctx, p)
	c.Duration = time.Since(start)
	c.Detail = detail
	if err == nil {
		c.Status = OK
		return c
	}
	c.Status, c.Code, c.Hint = Failed, code, hint
	if errors.Is(err, errWarning) {
		c.Status = Warning
	}
	if errors.Is(cctx.Err(), context.DeadlineExceeded) && code != CodeConfig {
		c.Code = CodeSessionTimeout
		c.Hint = fmt.Sprintf("the probe did not finish in %s; %s", p.cfg.Timeout, hint)
	}
	if c.Detail == "" {
		c.Detail = firstLine(err.Error())
	}
	return c
}

func (p *prober) close() {
	if p.session != nil {
		_ = p.session.Stop()
	}
}

func probeConnect(ctx context.Context, p *prober) (string, string, string, error) {
	if p.cfg.ConnectURL == "" {
		return "the profile names no resource with connect_url", CodeConfig, hintProfile, errors.New("no connect_url")
	}
	s, err := sql.NewSessionBuilder().Remote(p.cfg.ConnectURL).Build(ctx)
	if err != nil {
		return "", CodeConnect, hintStack, err
	}
	if _, err := querySingle(ctx, s, "SELECT 1"); err != nil {
		_ = s.Stop()
		return fmt.Sprintf("%s: %s", p.cfg.ConnectURL, firstLine(err.Error())), CodeConnect, hintStack, err
	}
	p.session = s
	return p.cfg.ConnectURL, "", "", nil
}

func probeVersion(ctx context.Context, p *prober) (string, string, string, error) {
	v, err := querySingle(ctx, p.session, "SELECT version()")
	if err != nil {
		return "", CodeSparkVersion, hintStack, err
	}
	version, _, _ := strings.Cut(fmt.Sprint(v), " ")
	p.version = version
	if line := p.cfg.SparkLine; line != "" && !strings.HasPrefix(version, line+".") {
		return "server runs Spark " + version + ", the profile targets " + line + ".x (spark_version)", CodeSparkVersion,
			"set the spark resource's spark_version to the server's line, or run a Spark " + line +
				".x Connect server (scripts/stack.sh up --spark " + line + ")",
			errors.New("unsupported Spark version")
	}
	return version, "", "", nil
}

// CheckServer connects to the Spark Connect server of cfg and checks that
// it runs the line the profile targets, then reads its compiled-class
// cache size (the checks spark-connect, spark-version and
// spark-codegen-cache of Run, in that order): etlgen run makes it before
// any program starts, refuses another line and prints the cache's warning.
func CheckServer(ctx context.Context, cfg Config) Report {
	all := probes(cfg)
	return runProbes(ctx, cfg, append(all[:2:2], all[len(all)-1]))
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	const max = 300
	if len(s) > max {
		s = s[:max] + "…"
	}
	return s
}
