#!/usr/bin/env bash
# make bench-spark: the generated PySpark program of the order-streaming example
# against two hand-written ones (orders_handwritten.py): "plain", what a Spark
# engineer writes without etlgen (from_json with the contract's types, the rules
# as one predicate), and "strict" (every field's JSON form checked with regular
# expressions). Same events (N order events pre-loaded into one Kafka topic, 1%
# invalid), same Spark Connect server, available-now, each run from a fresh
# checkpoint and fresh tables, interleaved (A B C, then rotated). For each batch
# size (MAX_OFFSETS per trigger: "200000 20000" = all events in one trigger, and
# 20 k per trigger) it prints, per program, the best wall time (session, table
# creation, every micro-batch), events/s, the Spark server JVM's CPU seconds per
# 100 k events (utime + stime of the server process over the run, median), and the
# ratios generated/plain and generated/strict of events/s. Every program must
# write the same curated, rejected and late rows (hashes compared).
#
# Before the rounds, each program runs once unrecorded (WARMUP=1, the default):
# the server's JIT compiles the shared code paths on a warm-up run, not on the
# first recorded program of round 1.
#
#   scripts/bench/run.sh [N]        (default 200000; ROUNDS=2; WARMUP=1; MAX_OFFSETS="200000 20000")
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
N=${1:-200000}
ROUNDS=${ROUNDS:-2}
WARMUP=${WARMUP:-1}
BATCHES=${MAX_OFFSETS:-"$N 20000"} # offsets per micro-batch, one run of every program per value and round
PY=${ETLGEN_PYTHON:-$ROOT/.cache/venv/bin/python}
GO=${GO:-go}
ID=bench_$(date -u +%Y%m%d%H%M%S)_$RANDOM
TOPIC=${ID}_orders
WORK=${BENCH_DIR:-/tmp/etlgen-bench}/$ID
mkdir -p "$WORK"
calc() { awk "BEGIN { print ($1) }"; }
log() { printf '[bench %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

$GO build -o "$WORK/etlgen" ./cmd/etlgen
$GO build -o "$WORK/orderevents" ./e2e/cmd/orderevents
$GO build -o "$WORK/sparkquery" ./e2e/cmd/sparkquery

# shellcheck disable=SC2329 # run by the EXIT trap below
cleanup() {
	local r p
	for ((r = 0; r <= ROUNDS; r++)); do
		for p in gen plain strict; do
			for m in $BATCHES; do
				"$WORK/sparkquery" -raw "DROP DATABASE IF EXISTS ${ID}_$p${m}_$r CASCADE" >/dev/null 2>&1 || true
			done
		done
	done
	"$WORK/orderevents" -topic "$TOPIC" -delete >/dev/null 2>&1 || true
	[ -n "${KEEP:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT

log "loading $N order events into topic $TOPIC (2 partitions)"
"$WORK/orderevents" -topic "$TOPIC" -n "$N" -partitions 2 -invalid-every 100

# profile: a copy of examples/order-streaming/profiles/spark.yaml bound to this run's topic, tables, checkpoints.
profile() { # db checkpoint-root max-offsets
	sed -e "s|topic: order-events|topic: $TOPIC|" \
		-e "s|checkpoint_root: .*|checkpoint_root: $2|" \
		-e "s|table: curated\.|table: $1.|" -e "s|table: quarantine\.|table: $1.|" \
		-e "s|max_offsets_per_trigger: .*|max_offsets_per_trigger: $3|" \
		-e "s|^name: .*|name: bench|" -e "s|^engine: pyspark|engine: pyspark\ntest: true|" \
		examples/order-streaming/profiles/spark.yaml
}

run_generated() { # round max-offsets
	local db=${ID}_gen$2_$1 dir=$WORK/gen$2_$1
	mkdir -p "$dir"
	profile "$db" "$dir/checkpoints" "$2" >"$dir/profile.yaml"
	"$WORK/etlgen" compile ./examples/order-streaming --profile "$dir/profile.yaml" -o "$dir/out" >&2
	local prog
	for prog in "$dir"/out/*.py; do [ "${prog##*/}" = etlgen_runtime.py ] || break; done
	timed "$dir" "$db" "$PY" "$prog"
}

run_handwritten() { # mode round max-offsets
	local db=${ID}_$1$3_$2 dir=$WORK/$1$3_$2
	mkdir -p "$dir"
	timed "$dir" "$db" "$PY" scripts/bench/orders_handwritten.py --mode "$1" --topic "$TOPIC" --db "$db" \
		--checkpoint "$dir/checkpoints" --max-offsets "$3"
}

# jvm_cpu: CPU seconds (user + system) the Spark Connect server has used so far.
SPARK_PID=$(cat "${ETLGEN_STACK_DIR:-$ROOT/.stack}/run/spark.pid")
TICKS=$(getconf CLK_TCK)
jvm_cpu() { awk -v t="$TICKS" '{ sub(/^.*\) /, ""); print ($12 + $13) / t }' "/proc/$SPARK_PID/stat"; }

# timed dir db cmd...: run cmd, print "seconds jvm_cpu_seconds curated_rows paid_orders rejected
# late windows_hash rejected_hash late_hash" (the hashes: sums of xxhash64 over every window row, the
# source position of every rejected row, the event id and watermark of every late row).
# A start that fails because the server's foreachBatch Python worker did not
# connect back in time (a loaded machine; nothing ran) is retried.
timed() {
	local dir=$1 db=$2
	shift 2
	local t0 t1 c0 c1 attempt
	for attempt in 1 2 3; do
		t0=$(date +%s.%N)
		c0=$(jvm_cpu)
		if "$@" >"$dir/stdout.log" 2>"$dir/stderr.log"; then
			t1=$(date +%s.%N)
			c1=$(jvm_cpu)
			break
		fi
		if [ "$attempt" -lt 3 ] && grep -q "Python worker failed to connect back" "$dir/stderr.log" "$dir/stdout.log"; then
			log "foreachBatch worker did not connect back in time; retrying from a fresh checkpoint"
			rm -rf "$dir/checkpoints"
			continue
		fi
		log "failed: $* (exit $?)"
		grep -v '^\s*at \|^\s*\.\.\. ' "$dir/stderr.log" | tail -30 >&2
		tail -3 "$dir/stdout.log" >&2
		exit 1
	done
	local counts
	counts=$("$WORK/sparkquery" -raw "SELECT
		(SELECT count(*) FROM $db.customer_order_windows) AS windows,
		(SELECT coalesce(sum(paid_order_count), 0) FROM $db.customer_order_windows) AS paid,
		(SELECT count(*) FROM $db.rejected_order_events) AS rejected,
		(SELECT count(*) FROM $db.late_order_events) AS late,
		(SELECT coalesce(sum(CAST(xxhash64(customer_id, window_start, window_end, paid_order_count,
			paid_order_total, latest_event_time) AS DECIMAL(38, 0))), 0) FROM $db.customer_order_windows) AS windows_hash,
		(SELECT coalesce(sum(CAST(xxhash64(source_topic, source_partition, source_offset) AS DECIMAL(38, 0))), 0)
			FROM $db.rejected_order_events) AS rejected_hash,
		(SELECT coalesce(sum(CAST(xxhash64(event.event_id, watermark_at_arrival) AS DECIMAL(38, 0))), 0) FROM $db.late_order_events) AS late_hash")
	echo "$(calc "$t1 - $t0") $(calc "$c1 - $c0") $counts"
}

declare -A best cpus out
record() { # key "seconds cpu counts..."
	local secs=${2%% *} rest=${2#* }
	log "$1: $2"
	cpus[$1]="${cpus[$1]:-} ${rest%% *}"
	if [ -z "${best[$1]:-}" ] || [ "$(calc "$secs < ${best[$1]%% *}")" = 1 ]; then best[$1]=$2; fi
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

programs=(gen plain strict)
if [ "$WARMUP" = 1 ]; then # round 0, at the first batch size, not recorded
	m=${BATCHES%% *}
	for p in "${programs[@]}"; do
		log "warm-up: $p at $m per trigger"
		if [ "$p" = gen ]; then run_generated 0 "$m" >/dev/null; else run_handwritten "$p" 0 "$m" >/dev/null; fi
	done
fi
for ((r = 1; r <= ROUNDS; r++)); do
	for m in $BATCHES; do
		for ((i = 0; i < 3; i++)); do
			p=${programs[$(((i + r - 1) % 3))]}
			if [ "$p" = gen ]; then res=$(run_generated "$r" "$m"); else res=$(run_handwritten "$p" "$r" "$m"); fi
			record "$p/$m" "$res"
		done
	done
done

echo
printf 'events: %d (topic %s, 2 partitions, 1%% invalid), best of %d rounds (interleaved) after %d warm-up run(s) of each, available-now, fresh checkpoints\n' "$N" "$TOPIC" "$ROUNDS" "$WARMUP"
status=0
for m in $BATCHES; do
	printf '\n%d offsets per trigger (%d micro-batches)\n' "$m" "$(((N + m - 1) / m))"
	printf '%-10s %9s %10s %16s %13s %12s %9s %6s\n' program seconds events/s jvm_cpu_s/100k curated_rows paid_orders rejected late
	declare -A eps=()
	for p in "${programs[@]}"; do
		read -r s _ w pd rj lt hw hr hl <<<"${best[$p/$m]}"
		eps[$p]=$(calc "$N / $s")
		cpu=$(median <<<"${cpus[$p/$m]}")
		printf '%-10s %9.2f %10.0f %16.2f %13s %12s %9s %6s\n' "$p" "$s" "${eps[$p]}" "$(calc "$cpu * 100000 / $N")" "$w" "$pd" "$rj" "$lt"
		out[$p]="$w $pd $rj $lt $hw $hr $hl"
	done
	printf 'ratio generated/plain: %.3f, generated/strict: %.3f (events/s)\n' "$(calc "${eps[gen]} / ${eps[plain]}")" "$(calc "${eps[gen]} / ${eps[strict]}")"
	if [ "${out[gen]}" != "${out[plain]}" ] || [ "${out[gen]}" != "${out[strict]}" ]; then
		echo "WARNING: the programs wrote different outputs (curated rows, paid orders, rejected, late, row hashes) at $m per trigger" >&2
		status=1
	fi
done
printf '\nload average (1, 5, 15 min) at the end: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
