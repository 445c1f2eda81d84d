package doctor

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/apache/spark-connect-go/spark/sql"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
)

// querySingle runs a query and returns the first column of its first row.
func querySingle(ctx context.Context, s sql.SparkSession, query string) (any, error) {
	df, err := s.Sql(ctx, query)
	if err != nil {
		return nil, err
	}
	rows, err := df.Collect(ctx)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || rows[0].Len() == 0 {
		return nil, fmt.Errorf("%s: no rows", query)
	}
	return rows[0].At(0), nil
}

// probeDelta creates a scratch Delta table in the catalog, reads it back,
// checks its format and drops it.
func probeDelta(ctx context.Context, p *prober) (string, string, string, error) {
	const hint = "start the server with Delta: spark.sql.extensions=io.delta.sql.DeltaSparkSessionExtension, " +
		"spark.sql.catalog.spark_catalog=org.apache.spark.sql.delta.catalog.DeltaCatalog and the delta-spark jar (scripts/stack.sh does this)"
	dropStale(ctx, p.session)
	table := fmt.Sprintf("default.etlgen_doctor_%x", time.Now().UnixNano())
	if _, err := p.session.Sql(ctx, "CREATE TABLE "+table+" USING delta AS SELECT 1 AS id"); err != nil {
		return "", CodeDelta, hint, fmt.Errorf("create scratch table: %w", err)
	}
	defer func() {
		dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		_, _ = p.session.Sql(dctx, "DROP TABLE IF EXISTS "+table)
	}()
	n, err := querySingle(ctx, p.session, "SELECT count(*) FROM "+table)
	if err != nil {
		return "", CodeDelta, hint, fmt.Errorf("read scratch table: %w", err)
	}
	if fmt.Sprint(n) != "1" {
		return fmt.Sprintf("scratch table holds %v rows, want 1", n), CodeDelta, hint, errors.New("wrong row count")
	}
	df, err := p.session.Sql(ctx, "DESCRIBE DETAIL "+table)
	if err != nil {
		return "", CodeDelta, hint, fmt.Errorf("describe scratch table: %w", err)
	}
	rows, err := df.Collect(ctx)
	if err != nil || len(rows) == 0 {
		return "", CodeDelta, hint, fmt.Errorf("describe scratch table: %w", err)
	}
	if f := fmt.Sprint(rows[0].Value("format")); f != "delta" {
		return "scratch table format is " + f, CodeDelta, hint, errors.New("not a Delta table")
	}
	hist, err := p.session.Sql(ctx, "DESCRIBE HISTORY "+table)
	if err == nil {
		rows, err = hist.Collect(ctx)
	}
	if err != nil || len(rows) == 0 {
		return "", CodeDelta, hint, fmt.Errorf("read the scratch table's history: %w", err)
	}
	delta := deltaVersionOf(fmt.Sprint(rows[0].Value("engineInfo")))
	if problem := deltaPairProblem(delta, p.version); problem != "" {
		return problem, CodeDelta, "run a Delta built for the server's Spark (scripts/versions.env pins tested pairs)",
			errors.New("known-incompatible Delta and Spark")
	}
	return fmt.Sprintf("created, read and dropped %s (Delta %s)", table, delta), "", "", nil
}

// dropStale drops scratch tables an interrupted earlier run left behind.
func dropStale(ctx context.Context, s sql.SparkSession) {
	df, err := s.Sql(ctx, "SHOW TABLES IN default LIKE 'etlgen_doctor_*'")
	if err != nil {
		return
	}
	rows, err := df.Collect(ctx)
	if err != nil {
		return
	}
	for _, r := range rows {
		if name, ok := r.Value("tableName").(string); ok && strings.HasPrefix(name, "etlgen_doctor_") {
			_, _ = s.Sql(ctx, "DROP TABLE IF EXISTS default."+name)
		}
	}
}

// kafkaClient is the client of the Kafka probes: short dial and retry
// limits, so that a missing broker fails the check instead of hanging it.
func kafkaClient(servers []string) (*kgo.Client, error) {
	return kgo.NewClient(kgo.SeedBrokers(servers...), kgo.DialTimeout(5*time.Second),
		kgo.RequestRetries(2), kgo.RetryTimeout(10*time.Second))
}

// kafkaProbe sends a metadata request to one Kafka resource's bootstrap servers.
func kafkaProbe(name string) func(ctx context.Context, p *prober) (string, string, string, error) {
	return func(ctx context.Context, p *prober) (string, string, string, error) {
		servers := p.cfg.Kafka[name]
		hint := "start a broker on " + strings.Join(servers, ",") + " (`make stack-up` starts one on 127.0.0.1:9092)"
		cl, err := kafkaClient(servers)
		if err != nil {
			return "", CodeKafka, hint, err
		}
		defer cl.Close()
		md, err := kadm.NewClient(cl).BrokerMetadata(ctx)
		if err != nil {
			return strings.Join(servers, ",") + ": " + firstLine(err.Error()), CodeKafka, hint, err
		}
		return fmt.Sprintf("%s: cluster %s, %s", strings.Join(servers, ","), md.Cluster, diag.Count(len(md.Brokers), "broker", "brokers")), "", "", nil
	}
}

// probeCheckpoint writes a one-row DataFrame under <checkpoint_root>/_etlgen_doctor
// through Spark and reads it back, so the check sees what a streaming query sees.
func probeCheckpoint(ctx context.Context, p *prober) (string, string, string, error) {
	root := strings.TrimRight(p.cfg.CheckpointRoot, "/")
	if root == "" {
		return "the profile sets no execution.checkpoint_root", CodeConfig, hintProfile, errors.New("no checkpoint root")
	}
	hint := "make " + root + " writable by the Spark server"
	if strings.HasPrefix(root, "s3a://") {
		hint = "check the server's S3A settings and credentials and that the bucket exists (`make stack-up` creates s3a://warehouse)"
	}
	path := root + "/_etlgen_doctor/probe"
	df, err := p.session.Sql(ctx, "SELECT 1 AS id, current_timestamp() AS written_at")
	if err != nil {
		return "", CodeCheckpoint, hint, err
	}
	if err := df.Writer().Format("parquet").Mode("overwrite").Save(ctx, path); err != nil {
		return path + ": " + firstLine(err.Error()), CodeCheckpoint, hint, err
	}
	back, err := p.session.Read().Format("parquet").Load(path)
	if err != nil {
		return "", CodeCheckpoint, hint, err
	}
	n, err := back.Count(ctx)
	if err != nil {
		return path + ": " + firstLine(err.Error()), CodeCheckpoint, hint, err
	}
	if n != 1 {
		return fmt.Sprintf("%s: read back %d rows, want 1", path, n), CodeCheckpoint, hint, errors.New("wrong row count")
	}
	return "wrote and read " + path, "", "", nil
}

// probeDeployment reads the server's spark.master and compares it with
// the profile's deployment: a profile that says local (checkpoints and
// files on the local filesystem allowed) on a server whose executors run
// in other processes (spark://, yarn, k8s://) is ETL-E709, the planner's
// local-path check (ETL-P370) would be skipped. A cluster profile on a
// local[N] server is stricter than needed, never wrong.
func probeDeployment(ctx context.Context, p *prober) (string, string, string, error) {
	master, err := sparkMaster(ctx, p.session)
	if err != nil {
		if p.cfg.Deployment == profile.DeploymentManaged {
			return "spark.master not readable (" + firstLine(err.Error()) + "); the profile says managed", "", "", nil
		}
		return "", CodeDeployment, "grant the session read access to spark.master, or set the spark resource's deployment", err
	}
	dep := p.cfg.Deployment
	if dep == "" {
		dep = profile.DeploymentLocal
	}
	if msg := deploymentProblem(dep, master); msg != "" {
		return msg, CodeDeployment,
			"set deployment: cluster on the spark resource: executors in other processes cannot use local checkpoint or file paths",
			errors.New(msg)
	}
	return "spark.master " + master + ", deployment " + dep, "", "", nil
}

// deploymentProblem says how a server's spark.master contradicts the
// profile's deployment; "" when it does not. Only a local profile can be
// wrong: on a master other than local / local[N] its local paths are not
// shared by the executors.
func deploymentProblem(dep, master string) string {
	if (dep == "" || dep == profile.DeploymentLocal) && !isLocalMaster(master) {
		return "spark.master is " + master + " but the profile's deployment is local"
	}
	return ""
}

// isLocalMaster reports whether a spark.master runs the tasks in the
// driver's JVM: local or local[N].
func isLocalMaster(master string) bool {
	return master == "local" || strings.HasPrefix(master, "local[")
}

// sparkMaster returns the server's spark.master.
func sparkMaster(ctx context.Context, s sql.SparkSession) (string, error) {
	return confValue(ctx, s, "spark.master")
}
