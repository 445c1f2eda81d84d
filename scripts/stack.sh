#!/usr/bin/env bash
# The local lakehouse stack: S3-compatible store (versitygw), Kafka (KRaft) and a
# Spark Connect server with Delta, Kafka and S3A — no Docker, everything bound to
# 127.0.0.1, everything downloaded once into .cache/, all runtime data in .stack/.
#
#   scripts/stack.sh up [--cluster|--local] [--spark 4.1|4.2]
#                                       install what is missing, start what is not running, wait until ready;
#                                       --cluster (or ETLGEN_STACK_MODE=cluster): Spark as a standalone
#                                       master, SPARK_WORKERS workers and the Connect server as their driver;
#                                       --spark (or SPARK_LINE): the Spark line, 4.1 by default
#   scripts/stack.sh down               stop every service gracefully
#   scripts/stack.sh status             one line per service: pid, port, ready; in cluster mode the workers
#                                       the master sees and the executors the driver has
#   scripts/stack.sh logs [svc]         tail the logs (all, or s3|kafka|spark|master|worker1…)
#   scripts/stack.sh restart [svc]      stop and start one service (or all)
#   scripts/stack.sh reset              stop and delete all data (.stack/); caches stay
#   scripts/stack.sh install            only download/build what is missing
#   scripts/stack.sh env                print the variables clients need (eval "$(scripts/stack.sh env)")
#
# Versions: scripts/versions.env. Docs: docs/stack.md.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SCRIPTS=$ROOT/scripts
# The line asked for by the environment, before versions.env defaults it (see select_line).
ENV_LINE=${SPARK_LINE:-}
# shellcheck source=versions.env
source "$SCRIPTS/versions.env"

CACHE=${ETLGEN_CACHE:-$ROOT/.cache}
STACK=${ETLGEN_STACK_DIR:-$ROOT/.stack}
LOGS=$STACK/logs
RUN=$STACK/run
HOST=127.0.0.1
# MODE is how Spark runs: local (one JVM, spark.master local[2]) or cluster (a standalone
# master and workers, the Connect server submitting to it). `up` takes it from --cluster /
# --local, else ETLGEN_STACK_MODE, else local; the other commands from the running server.
MODE=${ETLGEN_STACK_MODE:-}
MASTER_URL=spark://$HOST:$SPARK_MASTER_PORT

log() { printf '[stack %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# ---------------------------------------------------------------- spark line

# select_line sets the versions of the Spark line SPARK_LINE (the <NAME>_<line> variables of
# versions.env) and its cache folders: line 4.1 keeps the layout it always had (venv/,
# jars/spark/, m2/), any other line gets its own (venv-4.2/, jars/spark-4.2/, m2-4.2/).
select_line() {
	case " $SPARK_LINES " in *" $SPARK_LINE "*) ;; *) die "Spark line $SPARK_LINE: want one of $SPARK_LINES" ;; esac
	local v name suffix=
	for v in PYSPARK_VERSION DELTA_PY_VERSION DELTA_VERSION DELTA_ARTIFACT HADOOP_VERSION ICEBERG_VERSION ICEBERG_ARTIFACT; do
		name=${v}_${SPARK_LINE//./_}
		printf -v "$v" '%s' "${!name}"
	done
	[ "$SPARK_LINE" = 4.1 ] || suffix=-$SPARK_LINE
	VENV=$CACHE/venv$suffix
	PY=$VENV/bin/python
	SPARK_JARS=$CACHE/jars/spark$suffix
	ICEBERG_JARS=$CACHE/jars/iceberg$suffix
	M2=$CACHE/m2$suffix
}

# version_ge: is version $1 >= version $2?
version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]; }

# check_pair refuses a line whose versions are known not to work together: pyspark of
# another line, a Delta built for another Spark line, a pair of INCOMPATIBLE_DELTA.
check_pair() {
	local p bad first ref
	[ "${PYSPARK_VERSION%.*}" = "$SPARK_LINE" ] ||
		die "line $SPARK_LINE: PYSPARK_VERSION_${SPARK_LINE//./_}=$PYSPARK_VERSION is another Spark line (versions.env)"
	case $DELTA_ARTIFACT in
	*_"${SPARK_LINE}"_*) ;;
	*) die "line $SPARK_LINE: $DELTA_ARTIFACT is not built for Spark $SPARK_LINE (want delta-spark_${SPARK_LINE}_$SCALA_BINARY; versions.env)" ;;
	esac
	for p in $INCOMPATIBLE_DELTA; do
		IFS=: read -r bad first ref <<<"$p"
		if [ "$DELTA_VERSION" = "$bad" ] && version_ge "$PYSPARK_VERSION" "$first"; then
			die "Delta $DELTA_VERSION is known incompatible with Spark >= $first ($ref), and line $SPARK_LINE pins Spark $PYSPARK_VERSION; pick another pair in versions.env"
		fi
	done
}

# running_line prints the Spark line the running stack was started with, or the line of a
# server that died (4.1 if none).
running_line() {
	local s
	for s in spark master; do
		if pidof_svc "$s" >/dev/null && [ -f "$RUN/$s.line" ]; then
			cat "$RUN/$s.line"
			return 0
		fi
	done
	# A server that died keeps its line file (stop_svc removes it on a clean stop only):
	# `restart spark` after a crash (e2e TestDriverServerLost) brings back its line.
	for s in spark master; do
		if [ -f "$RUN/$s.line" ]; then
			cat "$RUN/$s.line"
			return 0
		fi
	done
	echo 4.1
}

# ---------------------------------------------------------------- java

# java17: Spark 4.1 runs on Java 17 or 21; prefer an explicit JAVA_HOME, then java on PATH.
java17() {
	local cand
	for cand in "${JAVA_HOME:-}" /usr/lib/jvm/java-17-openjdk-amd64 /usr/lib/jvm/java-21-openjdk-amd64 \
		"$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"; do
		[ -n "$cand" ] && [ -x "$cand/bin/java" ] || continue
		if "$cand/bin/java" -version 2>&1 | grep -qE 'version "(17|21)[."]'; then
			echo "$cand"
			return 0
		fi
	done
	die "Java 17 or 21 not found (set JAVA_HOME)"
}

# ---------------------------------------------------------------- install

stamp_ok() { [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]; }

install_venv() {
	local want="pyspark=$PYSPARK_VERSION delta=$DELTA_PY_VERSION boto3=$BOTO3_VERSION pandas=$PANDAS_VERSION workers=site-packages"
	stamp_ok "$VENV/.etlgen-stamp" "$want" && return 0
	log "installing Python venv ($want) into $VENV (pip cache: $CACHE/pip)"
	[ -x "$PY" ] || python3 -m venv "$VENV"
	PIP_CACHE_DIR=$CACHE/pip "$PY" -m pip install -q --disable-pip-version-check \
		"pyspark[connect]==$PYSPARK_VERSION" "delta-spark==$DELTA_PY_VERSION" "boto3==$BOTO3_VERSION" "pandas==$PANDAS_VERSION"
	# Python workers the server starts (foreachBatch, UDFs) put SPARK_HOME/python/lib/pyspark.zip
	# first on their PYTHONPATH. Imports from that zip are compiled on every start (no .pyc),
	# which on a busy 2-core machine exceeds the 10 s Spark waits for a worker to connect back
	# ("Python worker failed to connect back"). Without the zip the workers import the same
	# pyspark from the venv's site-packages, byte-compiled by pip.
	local lib
	lib=$(spark_home)/python/lib
	[ ! -f "$lib/pyspark.zip" ] || mv "$lib/pyspark.zip" "$lib/pyspark.zip.unused"
	echo "$want" >"$VENV/.etlgen-stamp"
}

spark_home() { echo "$VENV/lib/$(ls "$VENV/lib")/site-packages/pyspark"; }

mvn_copy() { # pom outdir -Dprops...
	local pom=$1 out=$2
	shift 2
	rm -rf "$out.tmp"
	mvn -B -q -f "$pom" -Dmaven.repo.local="$M2" "$@" \
		org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
		-DincludeScope=runtime -DoutputDirectory="$out.tmp"
}

install_spark_jars() {
	local dir=$SPARK_JARS
	local want="spark=$PYSPARK_VERSION $DELTA_ARTIFACT=$DELTA_VERSION hadoop-aws=$HADOOP_VERSION"
	stamp_ok "$dir/.etlgen-stamp" "$want" && return 0
	local sh bundled
	sh=$(spark_home)
	for bundled in "$sh"/jars/hadoop-client-api-*.jar; do
		bundled=${bundled##*/hadoop-client-api-}
		bundled=${bundled%.jar}
	done
	[ "$bundled" = "$HADOOP_VERSION" ] ||
		die "HADOOP_VERSION=$HADOOP_VERSION in versions.env but pyspark $PYSPARK_VERSION bundles Hadoop $bundled"
	[ -f "$sh/jars/spark-connect_$SCALA_BINARY-$PYSPARK_VERSION.jar" ] ||
		die "the pyspark wheel has no spark-connect jar"
	log "fetching Spark extra jars with Maven ($want); the AWS SDK bundle is ~600 MB"
	mvn_copy "$SCRIPTS/jars/spark/pom.xml" "$dir" -Dspark.version="$PYSPARK_VERSION" \
		-Dscala.binary="$SCALA_BINARY" -Ddelta.artifact="$DELTA_ARTIFACT" \
		-Ddelta.version="$DELTA_VERSION" -Dhadoop.version="$HADOOP_VERSION"
	# Drop every jar whose artifact the wheel already ships (any version): two copies of
	# one library on the classpath is how conflicts start.
	local j base
	for j in "$dir.tmp"/*.jar; do
		base=$(basename "$j" | sed -E 's/-[0-9][^-]*(-[A-Za-z0-9.]+)?\.jar$//')
		if compgen -G "$sh/jars/$base-[0-9]*.jar" >/dev/null; then
			rm -f "$j"
		fi
	done
	rm -rf "$dir" && mv "$dir.tmp" "$dir"
	echo "$want" >"$dir/.etlgen-stamp"
	log "spark extra jars: $(cd "$dir" && printf '%s ' ./*.jar | sed 's#\./##g')"
}

# install_iceberg_jar fetches Iceberg's Spark runtime into its own directory (one shaded
# jar), so that the other extra jars need no re-fetch when it changes.
install_iceberg_jar() {
	local dir=$ICEBERG_JARS want="$ICEBERG_ARTIFACT=$ICEBERG_VERSION"
	[ -n "$ICEBERG_VERSION" ] || return 0
	stamp_ok "$dir/.etlgen-stamp" "$want" && return 0
	log "fetching Iceberg's Spark runtime with Maven ($want)"
	rm -rf "$dir.tmp"
	mvn -B -q -Dmaven.repo.local="$dir.m2" \
		org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
		-Dartifact="org.apache.iceberg:$ICEBERG_ARTIFACT:$ICEBERG_VERSION" -DoutputDirectory="$dir.tmp"
	rm -rf "$dir" "$dir.m2" && mv "$dir.tmp" "$dir"
	echo "$want" >"$dir/.etlgen-stamp"
}

install_kafka() {
	local dir=$CACHE/kafka/libs
	local want="kafka=$KAFKA_VERSION log4j=$LOG4J_VERSION"
	stamp_ok "$dir/.etlgen-stamp" "$want" && return 0
	log "fetching Kafka $KAFKA_VERSION jars with Maven"
	mvn_copy "$SCRIPTS/jars/kafka/pom.xml" "$dir" -Dkafka.version="$KAFKA_VERSION" -Dlog4j.version="$LOG4J_VERSION"
	rm -rf "$dir" && mv "$dir.tmp" "$dir"
	echo "$want" >"$dir/.etlgen-stamp"
}

install_versitygw() {
	local bin=$CACHE/bin/versitygw
	stamp_ok "$CACHE/bin/.versitygw-stamp" "$VERSITYGW_VERSION" && [ -x "$bin" ] && return 0
	log "building versitygw $VERSITYGW_VERSION with go install"
	mkdir -p "$CACHE/bin"
	GOBIN=$CACHE/bin GOFLAGS="${GOFLAGS:-} -buildvcs=false" go install "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION"
	echo "$VERSITYGW_VERSION" >"$CACHE/bin/.versitygw-stamp"
}

install_all() {
	command -v mvn >/dev/null || die "mvn not found (apt-get install maven)"
	command -v go >/dev/null || die "go not found"
	java17 >/dev/null
	# The slow parts overlap: compiling versitygw (CPU), Maven (network), pip (network, then
	# building the pyspark wheel). The Spark jars come last: they check the wheel's Hadoop.
	local gw kafka
	install_versitygw &
	gw=$!
	install_kafka &
	kafka=$!
	install_venv
	wait "$kafka" || die "fetching the Kafka jars failed"
	install_spark_jars
	install_iceberg_jar
	wait "$gw" || die "building versitygw failed"
	# Maven's local repository is only a download area: the copies above are what runs.
	rm -rf "$M2"
}

# ---------------------------------------------------------------- credentials

# Local development credentials for the S3 store, generated once into .stack/ (never committed).
credentials() {
	local f=$STACK/credentials
	if [ ! -f "$f" ]; then
		mkdir -p "$STACK"
		(
			umask 077
			printf 'AWS_ACCESS_KEY_ID=etlgen%s\nAWS_SECRET_ACCESS_KEY=%s\n' \
				"$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
				"$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')" >"$f"
		)
	fi
	set -a
	# shellcheck disable=SC1090
	source "$f"
	set +a
	export AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1 AWS_ENDPOINT_URL_S3="http://$HOST:$S3_PORT"
}

# ---------------------------------------------------------------- process helpers

pidof_svc() { # prints the pid if the service process is alive
	local f=$RUN/$1.pid
	[ -f "$f" ] || return 1
	local pid
	pid=$(cat "$f")
	if kill -0 "$pid" 2>/dev/null; then
		echo "$pid"
		return 0
	fi
	rm -f "$f"
	return 1
}

port_of() {
	case $1 in
	s3) echo "$S3_PORT" ;;
	kafka) echo "$KAFKA_PORT" ;;
	spark) echo "$SPARK_CONNECT_PORT" ;;
	master) echo "$SPARK_MASTER_PORT" ;;
	worker*) echo $((SPARK_WORKER_UI_PORT + ${1#worker} - 1)) ;;
	esac
}

# workers lists the worker services of cluster mode: worker1 … workerN.
workers() {
	local i
	for ((i = 1; i <= SPARK_WORKERS; i++)); do printf 'worker%d ' "$i"; done
}

# services lists the services of a mode in start order (stop order is the reverse).
services() {
	if [ "$1" = cluster ]; then
		# shellcheck disable=SC2046 # one word per worker
		echo s3 kafka master $(workers) spark
	else
		echo s3 kafka spark
	fi
}

# running_mode prints the mode the running Spark server was started in (local if none).
running_mode() {
	if pidof_svc spark >/dev/null; then
		cat "$RUN/spark.mode" 2>/dev/null || echo local
	elif pidof_svc master >/dev/null; then
		echo cluster
	else
		echo local
	fi
}

port_open() { (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }

ready() { # a real request, not only an open port
	local svc=$1
	port_open "$(port_of "$svc")" || return 1
	case $svc in
	s3) "$PY" "$SCRIPTS/stackcheck.py" s3 "http://$HOST:$S3_PORT" --create warehouse ;;
	kafka) "$PY" "$SCRIPTS/stackcheck.py" kafka "$HOST:$KAFKA_PORT" ;;
	spark) "$PY" "$SCRIPTS/stackcheck.py" spark "sc://$HOST:$SPARK_CONNECT_PORT" ;;
	master) "$PY" "$SCRIPTS/stackcheck.py" master "http://$HOST:$SPARK_MASTER_UI_PORT" ;;
	worker*) "$PY" "$SCRIPTS/stackcheck.py" worker "http://$HOST:$SPARK_MASTER_UI_PORT" "$HOST:$(port_of "$svc")" ;;
	esac
}

wait_ready() { # svc timeout-seconds
	local svc=$1 limit=$2 start=$SECONDS out
	while ((SECONDS - start < limit)); do
		if ! pidof_svc "$svc" >/dev/null; then
			tail -n 30 "$LOGS/$svc.log" >&2 || true
			die "$svc exited during start-up (log: $LOGS/$svc.log)"
		fi
		if out=$(ready "$svc" 2>&1); then
			log "$svc ready after $((SECONDS - start))s: $out"
			return 0
		fi
		sleep 2
	done
	tail -n 30 "$LOGS/$svc.log" >&2 || true
	die "$svc not ready after ${limit}s (log: $LOGS/$svc.log)"
}

launch() { # svc command...: start detached, own process group, log + pid files
	local svc=$1
	shift
	mkdir -p "$LOGS" "$RUN"
	printf '\n==== %s start %s\n' "$svc" "$(date -u +%FT%TZ)" >>"$LOGS/$svc.log"
	# 9>&-: the service must not inherit the lock of this script (see lock()).
	setsid "$@" >>"$LOGS/$svc.log" 2>&1 </dev/null 9>&- &
	echo $! >"$RUN/$svc.pid"
	echo "$SPARK_LINE" >"$RUN/$svc.line"
}

# ---------------------------------------------------------------- services

start_s3() {
	mkdir -p "$STACK/s3/data"
	launch s3 env ROOT_ACCESS_KEY="$AWS_ACCESS_KEY_ID" ROOT_SECRET_KEY="$AWS_SECRET_ACCESS_KEY" \
		"$CACHE/bin/versitygw" --port "$HOST:$S3_PORT" --quiet posix "$STACK/s3/data"
}

kafka_config() {
	local d=$STACK/kafka
	mkdir -p "$d/data"
	cat >"$d/server.properties" <<EOF
# Generated by scripts/stack.sh — single-node KRaft broker for local development.
node.id=1
process.roles=broker,controller
controller.quorum.voters=1@$HOST:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$HOST:$KAFKA_PORT,CONTROLLER://$HOST:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$HOST:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$d/data
num.partitions=1
auto.create.topics.enable=true
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
log.retention.hours=168
EOF
	cat >"$d/log4j2.properties" <<'EOF'
# Generated by scripts/stack.sh — the broker logs to stdout, which stack.sh appends to .stack/logs/kafka.log.
status = warn
appender.console.type = Console
appender.console.name = STDOUT
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = [%d{ISO8601}] %p %m (%c)%n
rootLogger.level = INFO
rootLogger.appenderRef.console.ref = STDOUT
logger.kafka.name = kafka
logger.kafka.level = INFO
logger.state.name = state.change.logger
logger.state.level = WARN
EOF
}

kafka_java() { # main-class args...
	local jh
	jh=$(java17)
	# shellcheck disable=SC2086 # KAFKA_HEAP holds several JVM flags
	"$jh/bin/java" $KAFKA_HEAP -XX:+UseG1GC -Djava.awt.headless=true \
		-Dlog4j2.configurationFile="$STACK/kafka/log4j2.properties" \
		-cp "$CACHE/kafka/libs/*" "$@"
}

start_kafka() {
	kafka_config
	local d=$STACK/kafka
	if [ ! -f "$d/data/meta.properties" ]; then
		[ -f "$d/cluster.id" ] || kafka_java kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1 >"$d/cluster.id"
		log "formatting Kafka storage (cluster id $(cat "$d/cluster.id"))"
		mkdir -p "$LOGS"
		kafka_java kafka.tools.StorageTool format -t "$(cat "$d/cluster.id")" -c "$d/server.properties" \
			>>"$LOGS/kafka.log" 2>&1 || die "kafka storage format failed (log: $LOGS/kafka.log)"
	fi
	local jh
	jh=$(java17)
	# shellcheck disable=SC2086 # KAFKA_HEAP holds several JVM flags
	launch kafka "$jh/bin/java" $KAFKA_HEAP -XX:+UseG1GC -Djava.awt.headless=true \
		-Dlog4j2.configurationFile="$d/log4j2.properties" \
		-cp "$CACHE/kafka/libs/*" kafka.Kafka "$d/server.properties"
}

spark_config() {
	local d=$STACK/spark master=$SPARK_MASTER driver_memory=$SPARK_DRIVER_MEMORY warehouse=file:$STACK/warehouse
	local partitions=$SPARK_SHUFFLE_PARTITIONS
	if [ "$MODE" = cluster ]; then
		# Executors do not share the driver's disk on a real cluster: databases created in
		# cluster mode keep their managed tables in the bucket.
		master=$MASTER_URL
		driver_memory=$SPARK_CLUSTER_DRIVER_MEMORY
		warehouse=s3a://warehouse/managed
		partitions=$SPARK_CLUSTER_SHUFFLE_PARTITIONS
	fi
	mkdir -p "$d" "$STACK/metastore" "$STACK/warehouse" "$STACK/spark/tmp"
	# No credentials in this file: S3A reads them from the server's environment.
	cat >"$d/spark-defaults.conf" <<EOF
# Generated by scripts/stack.sh — Spark Connect server of the local stack.
spark.master                                   $master
spark.app.name                                 etlgen-stack
spark.driver.memory                            $driver_memory
spark.driver.host                              $HOST
spark.driver.bindAddress                       $HOST
spark.ui.enabled                               true
spark.ui.port                                  $SPARK_UI_PORT
spark.ui.retainedJobs                          4000
spark.ui.retainedStages                        4000
spark.local.dir                                $d/tmp
spark.sql.session.timeZone                     UTC
spark.sql.shuffle.partitions                   $partitions
spark.sql.codegen.cache.maxEntries             $SPARK_CODEGEN_CACHE_ENTRIES
spark.connect.grpc.binding.address             $HOST
spark.connect.grpc.binding.port                $SPARK_CONNECT_PORT
spark.sql.extensions                           io.delta.sql.DeltaSparkSessionExtension
spark.sql.catalog.spark_catalog                org.apache.spark.sql.delta.catalog.DeltaCatalog
spark.sql.catalogImplementation                hive
spark.sql.warehouse.dir                        $warehouse
spark.hadoop.javax.jdo.option.ConnectionURL    jdbc:derby:;databaseName=$STACK/metastore/metastore_db;create=true
spark.driver.extraJavaOptions                  -Dderby.system.home=$STACK/metastore -Djava.io.tmpdir=$d/tmp -Dlog4j2.configurationFile=$d/log4j2.properties
spark.hadoop.fs.s3a.endpoint                   http://$HOST:$S3_PORT
spark.hadoop.fs.s3a.endpoint.region            us-east-1
spark.hadoop.fs.s3a.path.style.access          true
spark.hadoop.fs.s3a.connection.ssl.enabled     false
spark.hadoop.fs.s3a.aws.credentials.provider   software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider
spark.hadoop.fs.s3a.change.detection.version.required false
spark.hadoop.fs.s3a.directory.marker.retention keep
spark.delta.logStore.s3a.impl                  io.delta.storage.S3SingleDriverLogStore
# Small local tables: replay the Delta log with 2 tasks, not 50.
spark.databricks.delta.snapshotPartitions      2
EOF
	# SPARK_CONF_EXTRA: more server properties, "key value" lines (say, a static SQL conf a
	# bench compares), read at the server's start; a key given twice takes the later value.
	[ -z "${SPARK_CONF_EXTRA:-}" ] || printf '%s\n' "$SPARK_CONF_EXTRA" >>"$d/spark-defaults.conf"
	if [ "$MODE" = cluster ]; then
		# One executor per worker; the --jars of the server (Delta, Kafka, S3A) are fetched by
		# every executor from the driver. No credentials here either: executors inherit the
		# S3 variables from their worker's environment.
		cat >>"$d/spark-defaults.conf" <<EOF
# Cluster mode: executors in the workers' JVMs.
spark.executor.memory                          $SPARK_EXECUTOR_MEMORY
spark.executor.cores                           $SPARK_WORKER_CORES
spark.cores.max                                $((SPARK_WORKERS * SPARK_WORKER_CORES))
spark.executor.extraJavaOptions                -Dlog4j2.configurationFile=$d/log4j2.properties
spark.pyspark.python                           $PY
EOF
	fi
	cat >"$d/log4j2.properties" <<'EOF'
# Generated by scripts/stack.sh — WARN by default; server start-up and streaming progress at INFO.
rootLogger.level = warn
rootLogger.appenderRef.stdout.ref = console
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{yy/MM/dd HH:mm:ss} %p %c{1}: %m%n%ex
logger.connect.name = org.apache.spark.sql.connect.service.SparkConnectServer
logger.connect.level = info
logger.streaming.name = org.apache.spark.sql.execution.streaming
logger.streaming.level = info
logger.metastore.name = org.apache.hadoop.hive.metastore.ObjectStore
logger.metastore.level = error
EOF
	# SPARK_LOG_EXTRA: more log4j2 lines (say, logger.codegen.name =
	# org.apache.spark.sql.catalyst.expressions.codegen.CodeGenerator and its level debug: the
	# source of every class the server compiles).
	[ -z "${SPARK_LOG_EXTRA:-}" ] || printf '%s\n' "$SPARK_LOG_EXTRA" >>"$d/log4j2.properties"
}

start_spark() {
	spark_config
	local sh jh jars
	sh=$(spark_home)
	jh=$(java17)
	jars=$(printf '%s,' "$SPARK_JARS"/*.jar)
	[ -z "$ICEBERG_VERSION" ] || jars=$jars$(printf '%s,' "$ICEBERG_JARS"/*.jar)
	jars=${jars%,}
	# SPARK_CONNECT_SESSIONS=shared: the Connect service as a plugin of scripts/connect_server.py,
	# whose sessions share Spark's compiled classes (docs/spark-engine.md, "Compiled classes");
	# otherwise Spark's SparkConnectServer, one class loader per session.
	local main=(--class org.apache.spark.sql.connect.service.SparkConnectServer --name etlgen-stack spark-internal)
	[ "$SPARK_CONNECT_SESSIONS" != shared ] ||
		main=(--conf spark.plugins=org.apache.spark.sql.connect.SparkConnectPlugin --name etlgen-stack "$ROOT/scripts/connect_server.py")
	# -u SPARK_REMOTE: the client URL `env` exports; spark-submit refuses it beside a master
	# ("Remote cannot be specified with master"), so a restart from a shell or test that
	# evaluated `env` (e2e TestDriverServerLost) would fail.
	launch spark env -u SPARK_REMOTE JAVA_HOME="$jh" SPARK_HOME="$sh" SPARK_LOCAL_IP=$HOST \
		SPARK_LOG_DIR="$LOGS" SPARK_PID_DIR="$RUN" PYSPARK_PYTHON="$PY" \
		"$sh/bin/spark-submit" --properties-file "$STACK/spark/spark-defaults.conf" \
		--jars "$jars" "${main[@]}"
	echo "$MODE" >"$RUN/spark.mode"
}

# spark_daemon runs a standalone daemon class (Master, Worker) with spark-class.
# -u SPARK_REMOTE: Spark's launcher builds a Connect *client's* classpath when SPARK_REMOTE is
# set (AbstractCommandBuilder.isRemote: spark-sql_, spark-sql-api_, spark-connect_ jars left
# out, jars/connect-repl/* added), and a worker builds its executors' command with that
# launcher in its own environment. Started from a shell that evaluated `env` (the 4.2 line
# requires it, tests restart workers from one), the executors then lack Spark SQL and fail
# every task with "cannot assign instance of java.lang.invoke.SerializedLambda to field
# org.apache.spark.rdd.MapPartitionsRDD.f" (the closures' classes are not on their classpath).
spark_daemon() { # svc main-class args...
	local svc=$1 sh jh
	shift
	sh=$(spark_home)
	jh=$(java17)
	launch "$svc" env -u SPARK_REMOTE JAVA_HOME="$jh" SPARK_HOME="$sh" SPARK_LOCAL_IP=$HOST \
		SPARK_DAEMON_MEMORY="$SPARK_DAEMON_MEMORY" \
		SPARK_DAEMON_JAVA_OPTS="-Dlog4j2.configurationFile=$STACK/spark/log4j2.properties -Djava.io.tmpdir=$STACK/$svc/tmp" \
		SPARK_LOCAL_DIRS="$STACK/$svc/tmp" PYSPARK_PYTHON="$PY" \
		"$sh/bin/spark-class" "$@"
}

start_master() {
	spark_config
	mkdir -p "$STACK/master/tmp"
	spark_daemon master org.apache.spark.deploy.master.Master --host "$HOST" \
		--port "$SPARK_MASTER_PORT" --webui-port "$SPARK_MASTER_UI_PORT"
}

# start_worker starts workerN: its executors inherit its environment (the S3 variables
# credentials() exported) and keep their files under .stack/workerN/.
start_worker() { # N
	local svc=worker$1
	mkdir -p "$STACK/$svc/tmp" "$STACK/$svc/work"
	spark_daemon "$svc" org.apache.spark.deploy.worker.Worker --host "$HOST" \
		--cores "$SPARK_WORKER_CORES" --memory "$SPARK_EXECUTOR_MEMORY" \
		--webui-port "$(port_of "$svc")" --work-dir "$STACK/$svc/work" "$MASTER_URL"
}

start_svc() {
	local svc=$1 limit
	case $svc in spark) limit=300 ;; *) limit=120 ;; esac
	if [ "$svc" = spark ] && pidof_svc spark >/dev/null && [ "$(running_mode)" != "$MODE" ]; then
		log "spark runs in $(running_mode) mode; restarting it in $MODE mode"
		stop_svc spark
	fi
	case $svc in s3 | kafka) ;; *)
		if pidof_svc "$svc" >/dev/null && [ "$(cat "$RUN/$svc.line" 2>/dev/null || echo 4.1)" != "$SPARK_LINE" ]; then
			log "$svc runs Spark $(cat "$RUN/$svc.line" 2>/dev/null || echo 4.1); restarting it on Spark $SPARK_LINE"
			stop_svc "$svc"
		fi
		;;
	esac
	if pidof_svc "$svc" >/dev/null; then
		wait_ready "$svc" "$limit" # running: make sure it is (or becomes) ready
		return 0
	fi
	if port_open "$(port_of "$svc")"; then
		die "port $(port_of "$svc") is taken by a process stack.sh did not start; stop it or change versions.env"
	fi
	log "starting $svc"
	case $svc in
	worker*) start_worker "${svc#worker}" ;;
	*) "start_$svc" ;;
	esac
	wait_ready "$svc" "$limit"
}

stop_svc() {
	local svc=$1 pid i
	pid=$(pidof_svc "$svc") || return 0
	log "stopping $svc (pid $pid)"
	kill -TERM "$pid" 2>/dev/null || true
	for ((i = 0; i < 60; i++)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 1
	done
	if kill -0 "$pid" 2>/dev/null; then
		log "$svc did not stop in 60s; killing it"
		kill -KILL "$pid" 2>/dev/null || true
	fi
	# A worker's executors are in its process group; none may outlive it.
	pkill -KILL -g "$pid" 2>/dev/null || true
	rm -f "$RUN/$svc.pid" "$RUN/$svc.line"
}

# ---------------------------------------------------------------- commands

svc_list() { # validate an optional service argument
	if [ $# -eq 0 ] || [ -z "${1:-}" ]; then
		services "$(running_mode)"
		return
	fi
	case " $(services cluster) " in *" $1 "*) echo "$1" ;; *) die "unknown service $1 ($(services cluster))" ;; esac
}

# reverse prints its arguments in reverse order.
reverse() {
	local i args=("$@")
	for ((i = ${#args[@]} - 1; i >= 0; i--)); do printf '%s ' "${args[$i]}"; done
}

cmd_up() {
	while [ $# -gt 0 ]; do
		case $1 in
		--cluster) MODE=cluster ;;
		--local) MODE=local ;;
		--spark)
			[ $# -ge 2 ] || die "up: --spark needs a line ($SPARK_LINES)"
			SPARK_LINE=$2
			shift
			;;
		*) die "up: unknown flag $1 (--cluster, --local, --spark <line>)" ;;
		esac
		shift
	done
	select_line
	check_pair
	MODE=${MODE:-local}
	case $MODE in local | cluster) ;; *) die "ETLGEN_STACK_MODE=$MODE: want local or cluster" ;; esac
	local t0=$SECONDS s
	install_all
	credentials
	if [ "$MODE" = local ]; then # leaving cluster mode: the server first, then its cluster
		if [ "$(running_mode)" = cluster ]; then stop_svc spark; fi
		# shellcheck disable=SC2046 # one word per service
		for s in $(reverse $(workers) master); do stop_svc "$s"; done
	fi
	for s in $(services "$MODE"); do start_svc "$s"; done
	if [ "$MODE" = cluster ]; then wait_executors 120; fi
	log "stack up in $((SECONDS - t0))s ($MODE mode, Spark $PYSPARK_VERSION, Delta $DELTA_VERSION)"
	cmd_status || true
}

# wait_executors waits until the driver has one executor per worker (they register a few
# seconds after the server, or after a restarted worker).
wait_executors() { # timeout-seconds
	local start=$SECONDS out
	while ((SECONDS - start < $1)); do
		if out=$("$PY" "$SCRIPTS/stackcheck.py" cluster "http://$HOST:$SPARK_MASTER_UI_PORT" \
			"http://$HOST:$SPARK_UI_PORT" "$SPARK_WORKERS" 2>&1); then
			log "$SPARK_WORKERS executors registered after $((SECONDS - start))s"
			return 0
		fi
		sleep 2
	done
	printf '%s\n' "$out" >&2
	die "fewer than $SPARK_WORKERS executors after $1s (logs: $LOGS/worker*.log, $LOGS/spark.log)"
}

cmd_down() {
	local s
	# shellcheck disable=SC2046 # one word per service
	for s in $(reverse $(services cluster)); do stop_svc "$s"; done
}

cmd_status() {
	[ -x "$PY" ] || { echo "stack not installed (run scripts/stack.sh up)"; return 1; }
	credentials
	local s pid state bad=0 mode
	mode=$(running_mode)
	printf '%-8s %-8s %-16s %s\n' SERVICE PID ADDRESS STATE
	for s in $(services "$mode"); do
		pid=$(pidof_svc "$s") || pid=-
		if [ "$pid" = - ]; then
			state=stopped
			bad=1
		elif ready "$s" >/dev/null 2>&1; then
			state=ready
		else
			state="running, not ready"
			bad=1
		fi
		printf '%-8s %-8s %-16s %s\n' "$s" "$pid" "$HOST:$(port_of "$s")" "$state"
	done
	if [ "$mode" = cluster ]; then
		echo "cluster: master $MASTER_URL (UI http://$HOST:$SPARK_MASTER_UI_PORT), driver UI http://$HOST:$SPARK_UI_PORT"
		"$PY" "$SCRIPTS/stackcheck.py" cluster "http://$HOST:$SPARK_MASTER_UI_PORT" "http://$HOST:$SPARK_UI_PORT" \
			"$SPARK_WORKERS" || bad=1
	fi
	return $bad
}

cmd_logs() {
	local svcs f=()
	read -r -a svcs <<<"$(svc_list "${1:-}")"
	local s
	for s in "${svcs[@]}"; do f+=("$LOGS/$s.log"); done
	tail -n "${LINES:-100}" -F "${f[@]}"
}

cmd_restart() {
	local svcs s
	read -r -a svcs <<<"$(svc_list "${1:-}")"
	MODE=${MODE:-$(running_mode)} # the mode it runs in, before it stops
	credentials
	for s in "${svcs[@]}"; do stop_svc "$s"; done
	for s in "${svcs[@]}"; do start_svc "$s"; done
}

cmd_reset() {
	cmd_down
	log "deleting $STACK (data, metastore, logs, credentials)"
	rm -rf "$STACK"
}

cmd_env() {
	credentials
	cat <<EOF
export ETLGEN_SPARK_REMOTE=sc://$HOST:$SPARK_CONNECT_PORT
export SPARK_REMOTE=sc://$HOST:$SPARK_CONNECT_PORT
export ETLGEN_KAFKA_BOOTSTRAP=$HOST:$KAFKA_PORT
export AWS_ENDPOINT_URL_S3=http://$HOST:$S3_PORT
export AWS_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID
export AWS_SECRET_ACCESS_KEY=$AWS_SECRET_ACCESS_KEY
export AWS_REGION=us-east-1
export ETLGEN_STACK_PYTHON=$PY
export ETLGEN_PYTHON=$PY
export ETLGEN_STACK_MODE=$(running_mode)
export ETLGEN_SPARK_LINE=$SPARK_LINE
export ETLGEN_SPARK_MASTER_UI=http://$HOST:$SPARK_MASTER_UI_PORT
export ETLGEN_SPARK_UI=http://$HOST:$SPARK_UI_PORT
EOF
}

# lock serialises the commands that start or stop services, so two `up`s (say, two
# developers' test runs) never start a service twice.
lock() {
	mkdir -p "$RUN"
	exec 9>"$RUN/stack.lock"
	if ! flock -n 9; then
		log "waiting for another scripts/stack.sh to finish"
		flock 9
	fi
}

main() {
	local cmd=${1:-}
	shift || true
	case $cmd in up | down | stop | restart | reset | install) lock ;; esac
	# Every command but up works on the line of the running stack unless SPARK_LINE says one.
	if [ "$cmd" != up ]; then
		[ -n "$ENV_LINE" ] || SPARK_LINE=$(running_line)
		select_line
	fi
	case $cmd in
	up) cmd_up "$@" ;;
	down | stop) cmd_down ;;
	status) cmd_status ;;
	logs) cmd_logs "${1:-}" ;;
	restart) cmd_restart "${1:-}" ;;
	reset) cmd_reset ;;
	install)
		check_pair
		install_all
		;;
	env) cmd_env ;;
	*)
		sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
		[ -z "$cmd" ] || exit 2
		;;
	esac
}

main "$@"
