package doctor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apache/spark-connect-go/spark/sql"
	"github.com/twmb/franz-go/pkg/kadm"

	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/sparkrun/sparkui"
)

// jvmExpr names the JVM a task runs in: its host and process id. Spark's
// reflect calls the static methods in the task (measured on Spark 4.1:
// "vm/127.0.0.1", "10693"); no SQL function gives the executor id.
const jvmExpr = "concat(reflect('java.net.InetAddress', 'getLocalHost'), ' pid ', reflect('java.lang.ProcessHandle', 'current')) AS jvm"

// Task counts of the executor probe: enough tasks that the first wave
// gives every free core one, few enough to stay cheap.
const (
	minProbeTasks = 8
	maxProbeTasks = 64
)

// executorsHint is the hint of a failed executor probe.
const executorsHint = "every executor needs the storage credentials and a route to the brokers: " +
	"check the workers' environment (S3 keys, fs.s3a.* settings) and network; run doctor on an idle cluster so every executor takes a task"

// probeExecutors runs tasks on every executor: it counts the executors
// through the driver's status API, writes one row per task under the
// checkpoint root and reads a few records of every Kafka asset's topics,
// each row naming the JVM that handled it. A check from the driver alone
// (the checkpoint and Kafka checks) cannot see an executor without the
// S3 keys or a route to the brokers; on a local[N] master the driver is
// the only JVM.
func probeExecutors(ctx context.Context, p *prober) (string, string, string, error) {
	if p.cfg.Deployment == profile.DeploymentManaged {
		return "deployment managed: the service runs the executors; not probed", "", "", nil
	}
	master, err := sparkMaster(ctx, p.session)
	if err != nil {
		return "", CodeExecutors, executorsHint, err
	}
	local := isLocalMaster(master)
	execs, cores, uiErr := countExecutors(ctx, p.session)
	want := -1 // JVMs expected to take a task; -1: unknown
	switch {
	case local:
		want = 1
	case uiErr == nil:
		want = len(execs)
	}
	tasks := min(max(minProbeTasks, 4*cores), maxProbeTasks)
	var parts []string
	switch {
	case local:
		parts = append(parts, "spark.master "+master+": the driver runs every task")
	case uiErr != nil:
		parts = append(parts, "executors not counted ("+firstLine(uiErr.Error())+")")
	default:
		parts = append(parts, diag.Count(len(execs), "executor", "executors")+", "+diag.Count(cores, "core", "cores"))
	}
	if want == 0 {
		return strings.Join(parts, "; ") + "; no executor registered", CodeExecutors,
			"start the cluster's workers (scripts/stack.sh up --cluster) or give the application executors", errors.New("no executors")
	}
	var problems []string
	if root := strings.TrimRight(p.cfg.CheckpointRoot, "/"); root != "" {
		// A directory of its own per run: two doctors at once must not
		// overwrite each other's files (the files are tiny; anything
		// under _etlgen_doctor may be deleted at any time).
		path := fmt.Sprintf("%s/_etlgen_doctor/executors/%x", root, time.Now().UnixNano())
		jvms, err := storageJVMs(ctx, p.session, path, tasks)
		switch {
		case err != nil:
			problems = append(problems, "writing "+path+": "+firstLine(err.Error()))
		case want > 0 && len(jvms) < want:
			problems = append(problems, fmt.Sprintf("%d of %d executors wrote %s (%s)", len(jvms), want, path, strings.Join(jvms, ", ")))
		default:
			parts = append(parts, fmt.Sprintf("%s wrote %s", diag.Count(len(jvms), "JVM", "JVMs"), path))
		}
	}
	for _, k := range p.cfg.KafkaTopics {
		servers := p.cfg.Kafka[k.Resource]
		switch {
		case k.Unprobed != "":
			parts = append(parts, "kafka "+k.Asset+" not probed: "+k.Unprobed)
			continue
		case len(servers) == 0 || len(k.Topics) == 0:
			continue
		}
		jvms, n, err := kafkaJVMs(ctx, p.session, servers, k, tasks)
		switch {
		case err != nil:
			problems = append(problems, "kafka "+k.Asset+": "+firstLine(err.Error()))
		case n == 0:
			parts = append(parts, "kafka "+k.Asset+": topics empty, executors not probed")
		case want > 0 && int64(want) <= n && len(jvms) < want:
			problems = append(problems, fmt.Sprintf("kafka %s: %d of %d executors read (%s)", k.Asset, len(jvms), want, strings.Join(jvms, ", ")))
		default:
			parts = append(parts, fmt.Sprintf("kafka %s: %s read %s", k.Asset, diag.Count(len(jvms), "JVM", "JVMs"), diag.Count(int(n), "record", "records")))
		}
	}
	if len(problems) > 0 {
		msg := strings.Join(append(problems, parts...), "; ")
		return msg, CodeExecutors, executorsHint, errors.New(problems[0])
	}
	return strings.Join(parts, "; "), "", "", nil
}

// countExecutors reads the application's active executors (the driver
// left out) and their cores from the driver's status API, found through
// the session's conf.
func countExecutors(ctx context.Context, s sql.SparkSession) ([]sparkui.Executor, int, error) {
	conf := map[string]string{}
	for _, k := range []string{"spark.app.id", "spark.driver.host", "spark.ui.port", "spark.ui.enabled"} {
		v, err := confValue(ctx, s, k)
		if err != nil {
			return nil, 0, err
		}
		conf[k] = v
	}
	url, err := sparkui.Endpoint(conf["spark.driver.host"], conf["spark.ui.port"], conf["spark.ui.enabled"])
	if err != nil {
		return nil, 0, err
	}
	all, err := sparkui.Client{URL: url, App: conf["spark.app.id"]}.Executors(ctx)
	if err != nil {
		return nil, 0, err
	}
	active := sparkui.ActiveExecutors(all)
	cores := 0
	for _, e := range active {
		cores += e.TotalCores
	}
	if len(active) == 0 { // local[N]: the driver's cores
		for _, e := range all {
			if e.ID == sparkui.DriverID {
				cores = e.TotalCores
			}
		}
	}
	return active, cores, nil
}

// confValue is a session conf value (SET key: a key and a value column);
// "<undefined>" for a key without one.
func confValue(ctx context.Context, s sql.SparkSession, key string) (string, error) {
	df, err := s.Sql(ctx, "SET "+key)
	if err != nil {
		return "", err
	}
	rows, err := df.Collect(ctx)
	if err != nil {
		return "", err
	}
	if len(rows) == 0 || rows[0].Len() < 2 {
		return "", errors.New("SET " + key + ": no value")
	}
	return fmt.Sprint(rows[0].At(1)), nil
}

// storageJVMs writes tasks rows, one per task, as Parquet to path and
// returns the JVMs that wrote them.
func storageJVMs(ctx context.Context, s sql.SparkSession, path string, tasks int) ([]string, error) {
	df, err := s.Sql(ctx, fmt.Sprintf("SELECT id, %s FROM range(0, %d, 1, %d)", jvmExpr, tasks, tasks))
	if err != nil {
		return nil, err
	}
	if err := df.Writer().Format("parquet").Save(ctx, path); err != nil {
		return nil, err
	}
	back, err := s.Sql(ctx, "SELECT DISTINCT jvm FROM parquet."+sparksql.QuoteIdent(path))
	if err != nil {
		return nil, err
	}
	return collectJVMs(ctx, back)
}

// kafkaRecordsPerPartition bounds what the Kafka probe reads: the last
// records of each partition, enough to split into tasks pieces.
func kafkaRecordsPerPartition(tasks, partitions int) int64 {
	if partitions <= 0 {
		return 0
	}
	return int64((2*tasks + partitions - 1) / partitions)
}

// kafkaJVMs reads the last records of each partition of k's topics in a
// Spark batch query split into tasks partitions (minPartitions) and
// returns the JVMs that read them and how many records there were.
func kafkaJVMs(ctx context.Context, s sql.SparkSession, servers []string, k KafkaTopics, tasks int) ([]string, int64, error) {
	cl, err := kafkaClient(servers)
	if err != nil {
		return nil, 0, err
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	starts, err := adm.ListStartOffsets(ctx, k.Topics...)
	if err == nil {
		err = starts.Error()
	}
	if err != nil {
		return nil, 0, fmt.Errorf("list start offsets: %w", err)
	}
	ends, err := adm.ListEndOffsets(ctx, k.Topics...)
	if err == nil {
		err = ends.Error()
	}
	if err != nil {
		return nil, 0, fmt.Errorf("list end offsets: %w", err)
	}
	for _, t := range k.Topics {
		if _, ok := ends[t]; !ok {
			return nil, 0, fmt.Errorf("topic %s not found on %s", t, strings.Join(servers, ","))
		}
	}
	from, to, n := probeRanges(starts, ends, tasks)
	if n == 0 {
		return nil, 0, nil
	}
	fromJSON, _ := json.Marshal(from)
	toJSON, _ := json.Marshal(to)
	r := s.Read().Format("kafka").Option("kafka.bootstrap.servers", strings.Join(servers, ",")).
		Option("assign", assignJSON(from)).Option("startingOffsets", string(fromJSON)).
		Option("endingOffsets", string(toJSON)).Option("minPartitions", strconv.Itoa(tasks))
	for _, key := range slices.Sorted(maps.Keys(k.Options)) {
		r = r.Option(key, k.Options[key])
	}
	df, err := r.Load("")
	if err != nil {
		return nil, 0, err
	}
	if df, err = df.SelectExpr(ctx, jvmExpr); err != nil {
		return nil, 0, err
	}
	jvms, err := collectJVMs(ctx, df.Distinct(ctx))
	return jvms, n, err
}

// probeRanges picks, per partition, the last records to read: offsets
// from (inclusive) and to (exclusive) by topic and partition, and their
// total. Empty partitions are left out.
func probeRanges(starts, ends kadm.ListedOffsets, tasks int) (from, to map[string]map[string]int64, n int64) {
	from, to = map[string]map[string]int64{}, map[string]map[string]int64{}
	parts := 0
	ends.Each(func(kadm.ListedOffset) { parts++ })
	per := kafkaRecordsPerPartition(tasks, parts)
	ends.Each(func(e kadm.ListedOffset) {
		start := int64(0)
		if s, ok := starts.Lookup(e.Topic, e.Partition); ok {
			start = s.Offset
		}
		lo := max(start, e.Offset-per)
		if e.Offset <= lo {
			return
		}
		p := strconv.Itoa(int(e.Partition))
		if from[e.Topic] == nil {
			from[e.Topic], to[e.Topic] = map[string]int64{}, map[string]int64{}
		}
		from[e.Topic][p], to[e.Topic][p] = lo, e.Offset
		n += e.Offset - lo
	})
	return from, to, n
}

// assignJSON is the assign option naming the partitions of offsets.
func assignJSON(offsets map[string]map[string]int64) string {
	a := map[string][]int{}
	for t, ps := range offsets {
		for p := range ps {
			id, _ := strconv.Atoi(p)
			a[t] = append(a[t], id)
		}
		slices.Sort(a[t])
	}
	b, _ := json.Marshal(a)
	return string(b)
}

// collectJVMs returns the sorted jvm column of df.
func collectJVMs(ctx context.Context, df sql.DataFrame) ([]string, error) {
	rows, err := df.Collect(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range rows {
		out = append(out, fmt.Sprint(r.At(0)))
	}
	slices.Sort(out)
	return out, nil
}
