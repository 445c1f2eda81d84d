#!/usr/bin/env bash
# make bench-spark: what the generated PySpark program of the order-streaming
# example costs against programs written by hand, pair by pair:
#   gen          the generated program (etlgen compile ./examples/order-streaming)
#   plain        orders_handwritten.py --mode plain: the same features, late output
#                included, what a Spark engineer writes without etlgen
#   gen_nolate   the generated program of the same pipeline without its late output
#                (scripts/bench/nolate, the example's profile without late_order_events)
#   plain_nolate orders_plain_nolate.py: an independent plain program without a late
#                table, written from seed 004 and the contract
#   strict       orders_handwritten.py --mode strict (only when named in PROGRAMS)
#   genb         an A/B variant of gen (only when named in PROGRAMS): the same pipeline
#                compiled by GENB_ETLGEN (an etlgen binary, default this tree's) and run
#                with the variables GENB_ENV ("NAME=value ...") added to its environment, after
#                GENB_PATCH (a command, given the compiled program's directory) if set
#   genb_nolate  the same A/B variant of gen_nolate (only when named in PROGRAMS)
# Pairs: gen/plain, gen_nolate/plain_nolate, gen/strict, genb/gen, genb_nolate/gen_nolate.
#
# Same events (N order events in one Kafka topic, 2 partitions, 1% invalid: a
# status the contract does not allow, which the lenient plain programs reject
# too), same Spark Connect server, available-now, each run from a fresh
# checkpoint and fresh tables. For each batch size (MAX_OFFSETS per trigger:
# all N in one trigger, and 20 000 per trigger) every round runs every program
# once, interleaved (the order rotates each round), after one unrecorded
# warm-up run of each (WARMUP=1: the server's JIT compiles on the warm-up).
#
# It prints per program the median and range (min-max over the rounds) of
# events/s (wall clock of the program: session, tables, every micro-batch) and
# of the Spark server JVM's CPU seconds per 100 k events (utime + stime of the
# server process over the run: other sessions on the server count too, so run
# it on a quiet stack); and per pair the cost ratios first/second of JVM CPU
# and of wall time, one per round, then their median and range. Every program
# must write the same curated and rejected rows, and the programs with a late
# output the same late rows (counts and xxhash64 sums); a difference fails it.
#
#   scripts/bench/run.sh [N]   (default 200000; ROUNDS=3; WARMUP=1; MAX_OFFSETS="N 20000";
#                               PROGRAMS="gen plain gen_nolate plain_nolate"; KEEP=1 keeps the work dir)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
N=${1:-200000}
ROUNDS=${ROUNDS:-3}
WARMUP=${WARMUP:-1}
BATCHES=${MAX_OFFSETS:-"$N 20000"} # offsets per micro-batch, one run of every program per value and round
read -r -a programs <<<"${PROGRAMS:-gen plain gen_nolate plain_nolate}"
PAIRS="gen:plain:1.10 gen_nolate:plain_nolate:1.25 gen:strict:- genb:gen:- genb_nolate:gen_nolate:-" # first:second:issue 35's target of their cost ratio
PY=${ETLGEN_PYTHON:-$ROOT/.cache/venv/bin/python}
# The stack the programs run on (scripts/stack.sh env), the default ports otherwise.
REMOTE=${ETLGEN_SPARK_REMOTE:-sc://127.0.0.1:15002}
BOOTSTRAP=${ETLGEN_KAFKA_BOOTSTRAP:-127.0.0.1:9092}
GO=${GO:-go}
ID=bench_$(date -u +%Y%m%d%H%M%S)_$RANDOM
TOPIC=${ID}_orders
WORK=${BENCH_DIR:-/tmp/etlgen-bench}/$ID
mkdir -p "$WORK"
# shellcheck source=scripts/bench/lib.sh
source "$ROOT/scripts/bench/lib.sh"
has_late() { [ "${1%_nolate}" = "$1" ]; }
# The Spark Connect server, whose CPU jvm_cpu (lib.sh) reads.
SPARK_PID=$(cat "${ETLGEN_STACK_DIR:-$ROOT/.stack}/run/spark.pid")

LOAD0=$(cut -d' ' -f1-3 /proc/loadavg)

$GO build -o "$WORK/etlgen" ./cmd/etlgen
GENB_ETLGEN=${GENB_ETLGEN:-$WORK/etlgen}
read -r -a genb_env <<<"${GENB_ENV:-}"
$GO build -o "$WORK/orderevents" ./e2e/cmd/orderevents
$GO build -o "$WORK/sparkquery" ./e2e/cmd/sparkquery

# shellcheck disable=SC2329 # run by the EXIT trap below
cleanup() {
	local r p m
	for ((r = 0; r <= ROUNDS; r++)); do
		for p in "${programs[@]}"; do
			for m in $BATCHES; do
				"$WORK/sparkquery" -raw "DROP DATABASE IF EXISTS ${ID}_$p${m}_$r CASCADE" >/dev/null 2>&1 || true
			done
		done
	done
	"$WORK/orderevents" -topic "$TOPIC" -delete >/dev/null 2>&1 || true
	# The server may still write a stopped query's state store snapshot into a checkpoint.
	[ -n "${KEEP:-}" ] || rm -rf "$WORK" 2>/dev/null || { sleep 5 && rm -rf "$WORK"; } || true
}
trap cleanup EXIT

log "loading $N order events into topic $TOPIC (2 partitions)"
"$WORK/orderevents" -topic "$TOPIC" -n "$N" -partitions 2 -invalid-every 100

# profile db checkpoint-root max-offsets [nolate]: the example's Spark profile bound to this
# run's topic, tables and checkpoints; with nolate, without its late_order_events asset.
profile() {
	sed -e "s|topic: order-events|topic: $TOPIC|" \
		-e "s|checkpoint_root: .*|checkpoint_root: $2|" \
		-e "s|table: curated\.|table: $1.|" -e "s|table: quarantine\.|table: $1.|" \
		-e "s|max_offsets_per_trigger: .*|max_offsets_per_trigger: $3|" \
		-e "s|connect_url: .*|connect_url: \"$REMOTE\"|" -e "s|bootstrap_servers: .*|bootstrap_servers: \"$BOOTSTRAP\"|" \
		-e "s|^name: .*|name: bench|" -e "s|^engine: pyspark|engine: pyspark\ntest: true|" \
		examples/order-streaming/profiles/spark.yaml |
		if [ -n "${4:-}" ]; then
			awk '/^  late_order_events:/ { skip = 1; next } skip && /^    / { next } { skip = 0; print }'
		else cat; fi
}

# run program round max-offsets: one timed run (see timed) of a program from fresh tables.
run() {
	local p=$1 db=${ID}_$1$3_$2 dir=$WORK/$1$3_$2
	mkdir -p "$dir"
	case $p in
	gen | gen_nolate | genb | genb_nolate)
		local pkg=./examples/order-streaming nolate='' etlgen=$WORK/etlgen env=()
		has_late "$p" || { pkg=./scripts/bench/nolate nolate=1; }
		[ "${p#genb}" = "$p" ] || { etlgen=$GENB_ETLGEN env=("${genb_env[@]}"); }
		profile "$db" "$dir/checkpoints" "$3" "$nolate" >"$dir/profile.yaml"
		"$etlgen" compile "$pkg" --profile "$dir/profile.yaml" -o "$dir/out" >"$dir/compile.log"
		[ "${p#genb}" = "$p" ] || [ -z "${GENB_PATCH:-}" ] || $GENB_PATCH "$dir/out"
		timed "$p" "$dir" "$db" env "${env[@]}" "$PY" "$dir/out/customer_order_streaming.py"
		;;
	plain | strict)
		timed "$p" "$dir" "$db" "$PY" scripts/bench/orders_handwritten.py --mode "$p" --topic "$TOPIC" --db "$db" \
			--checkpoint "$dir/checkpoints" --max-offsets "$3" --remote "$REMOTE" --bootstrap "$BOOTSTRAP"
		;;
	plain_nolate)
		timed "$p" "$dir" "$db" "$PY" scripts/bench/orders_plain_nolate.py --topic "$TOPIC" --db "$db" \
			--checkpoint "$dir/checkpoints" --max-offsets "$3" --remote "$REMOTE" --bootstrap "$BOOTSTRAP"
		;;
	*) log "unknown program $p" && exit 2 ;;
	esac
}

# timed program dir db cmd...: run cmd, print "seconds jvm_cpu_seconds curated_rows paid_orders
# rejected windows_hash rejected_hash late late_hash" (the hashes: sums of xxhash64 over every
# window row, the source position of every rejected row, the event id and watermark of every
# late row; late and late_hash are "-" for a program without a late table).
# A start that fails because the server's foreachBatch Python worker did not
# connect back in time (a loaded machine) is retried from scratch.
timed() {
	local p=$1 dir=$2 db=$3
	shift 3
	local t0 t1 c0 c1 attempt rc
	for attempt in 1 2 3; do
		t0=$(date +%s.%N)
		c0=$(jvm_cpu)
		rc=0
		"$@" >"$dir/stdout.log" 2>"$dir/stderr.log" || rc=$?
		if [ "$rc" = 0 ]; then
			t1=$(date +%s.%N)
			c1=$(jvm_cpu)
			break
		fi
		if [ "$attempt" -lt 3 ] && grep -q "Python worker failed to connect back" "$dir/stderr.log" "$dir/stdout.log"; then
			log "foreachBatch worker did not connect back in time; retrying from a fresh checkpoint and fresh tables"
			rm -rf "$dir/checkpoints"
			"$WORK/sparkquery" -raw "DROP DATABASE IF EXISTS $db CASCADE" >/dev/null
			continue
		fi
		log "failed: $* (exit $rc)"
		grep -v '^\s*at \|^\s*\.\.\. ' "$dir/stderr.log" | tail -30 >&2
		tail -3 "$dir/stdout.log" >&2
		exit 1
	done
	local late="'-' AS late, '-' AS late_hash"
	if has_late "$p"; then
		late="(SELECT count(*) FROM $db.late_order_events) AS late,
		(SELECT coalesce(sum(CAST(xxhash64(event.event_id, watermark_at_arrival) AS DECIMAL(38, 0))), 0)
			FROM $db.late_order_events) AS late_hash"
	fi
	local counts
	counts=$("$WORK/sparkquery" -raw "SELECT
		(SELECT count(*) FROM $db.customer_order_windows) AS windows,
		(SELECT coalesce(sum(paid_order_count), 0) FROM $db.customer_order_windows) AS paid,
		(SELECT count(*) FROM $db.rejected_order_events) AS rejected,
		(SELECT coalesce(sum(CAST(xxhash64(customer_id, window_start, window_end, paid_order_count,
			paid_order_total, latest_event_time) AS DECIMAL(38, 0))), 0) FROM $db.customer_order_windows) AS windows_hash,
		(SELECT coalesce(sum(CAST(xxhash64(source_topic, source_partition, source_offset) AS DECIMAL(38, 0))), 0)
			FROM $db.rejected_order_events) AS rejected_hash,
		$late")
	echo "$(calc "$t1 - $t0") $(calc "$c1 - $c0") $counts"
}

declare -A res
if [ "$WARMUP" = 1 ]; then # round 0, at the first batch size, not recorded
	m=${BATCHES%% *}
	for p in "${programs[@]}"; do
		log "warm-up: $p at $m per trigger"
		run "$p" 0 "$m" >/dev/null
	done
fi
P=${#programs[@]}
for ((r = 1; r <= ROUNDS; r++)); do
	for m in $BATCHES; do
		for ((i = 0; i < P; i++)); do
			p=${programs[$(((i + r - 1) % P))]}
			res[$p/$m/$r]=$(run "$p" "$r" "$m")
			log "round $r, $m per trigger, $p: ${res[$p/$m/$r]}"
		done
	done
done

echo
printf 'events: %d (topic %s, 2 partitions, 1%% invalid); %d rounds, interleaved, after %d warm-up run(s) of each; available-now, fresh checkpoints\n' \
	"$N" "$TOPIC" "$ROUNDS" "$WARMUP"
printf 'machine: %d cores; load average (1, 5, 15 min) at the start %s, at the end %s\n' "$(nproc)" "$LOAD0" "$(cut -d' ' -f1-3 /proc/loadavg)"
# server_conf key: "key=value" of the server's setting, as a session of the server reads it
# (spark.sql.artifact.isolation.enabled: false when its sessions share compiled classes, docs/stack.md).
server_conf() { "$WORK/sparkquery" -raw "SET $1" 2>/dev/null | tr '\t' '=' || echo "$1 unreadable"; }
printf 'server: %s, %s\n' "$(server_conf spark.sql.codegen.cache.maxEntries)" "$(server_conf spark.sql.artifact.isolation.enabled)"
status=0
for m in $BATCHES; do
	printf '\n%d offsets per trigger (%d micro-batches); median (min-max) of %d rounds\n' "$m" "$(((N + m - 1) / m))" "$ROUNDS"
	printf '%-13s %-26s %-26s %s\n' program events/s jvm_cpu_s/100k 'curated_rows paid_orders rejected late'
	for p in "${programs[@]}"; do
		eps="" cpu=""
		for ((r = 1; r <= ROUNDS; r++)); do
			read -r s c _ <<<"${res[$p/$m/$r]}"
			eps+=" $(calc "$N / $s")" cpu+=" $(calc "$c * 100000 / $N")"
		done
		read -r _ _ w pd rj _ _ lt _ <<<"${res[$p/$m/1]}"
		printf '%-13s %-26s %-26s %s\n' "$p" "$(stats %.0f <<<"$eps")" "$(stats %.2f <<<"$cpu")" "$w $pd $rj $lt"
	done
	for pair in $PAIRS; do
		IFS=: read -r a b target <<<"$pair"
		[[ " ${programs[*]} " == *" $a "* && " ${programs[*]} " == *" $b "* ]] || continue
		cr="" wr=""
		for ((r = 1; r <= ROUNDS; r++)); do
			read -r sa ca _ <<<"${res[$a/$m/$r]}"
			read -r sb cb _ <<<"${res[$b/$m/$r]}"
			cr+=" $(calc "$ca / $cb")" wr+=" $(calc "$sa / $sb")"
		done
		# shellcheck disable=SC2086 # the ratios, one printf argument each
		printf 'cost %s/%s: JVM CPU %s, wall %s (target <= %s); per round CPU%s, wall%s\n' "$a" "$b" \
			"$(stats %.3f <<<"$cr")" "$(stats %.3f <<<"$wr")" "$target" "$(printf ' %.3f' $cr)" "$(printf ' %.3f' $wr)"
	done
	# Outputs: curated and rejected rows the same everywhere; late rows the same among programs with a late table.
	for ((r = 1; r <= ROUNDS; r++)); do
		ref="" lref=""
		for p in "${programs[@]}"; do
			read -r _ _ w pd rj hw hr lt hl <<<"${res[$p/$m/$r]}"
			ref=${ref:-"$w $pd $rj $hw $hr"}
			if has_late "$p"; then lref=${lref:-"$lt $hl"}; fi
			if [ "$w $pd $rj $hw $hr" != "$ref" ] || { has_late "$p" && [ "$lt $hl" != "$lref" ]; }; then
				echo "MISMATCH: $p wrote other curated, rejected or late rows than ${programs[0]} (round $r, $m per trigger)" >&2
				status=1
			fi
		done
	done
done
exit $status
