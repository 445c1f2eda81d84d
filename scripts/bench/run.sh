#!/usr/bin/env bash
# make bench-spark: the generated PySpark program of the order-streaming example
# against the hand-written one (orders_handwritten.py), on the same events (N
# order events pre-loaded into one Kafka topic, 1% invalid), the same Spark
# Connect server, in one run, available-now, each from a fresh checkpoint and
# fresh tables. Prints both throughputs (events/s, whole program wall time:
# session, table creation, every micro-batch) and the ratio generated/hand.
#
#   scripts/bench/run.sh [N]        (default 200000; ROUNDS=2: best of 2, in the order hand, gen, gen, hand)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
N=${1:-200000}
ROUNDS=${ROUNDS:-2}
MAX_OFFSETS=${MAX_OFFSETS:-100000} # per micro-batch, both programs (the example profile's value)
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

cleanup() {
	local r p
	for ((r = 1; r <= ROUNDS; r++)); do
		for p in gen hand; do
			"$WORK/sparkquery" -raw "DROP DATABASE IF EXISTS ${ID}_$p$r CASCADE" >/dev/null 2>&1 || true
		done
	done
	"$WORK/orderevents" -topic "$TOPIC" -delete >/dev/null 2>&1 || true
	[ -n "${KEEP:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT

log "loading $N order events into topic $TOPIC (2 partitions)"
"$WORK/orderevents" -topic "$TOPIC" -n "$N" -partitions 2 -invalid-every 100

# profile: a copy of examples/order-streaming/profiles/spark.yaml bound to this run's topic, tables, checkpoints.
profile() { # db checkpoint-root
	sed -e "s|topic: order-events|topic: $TOPIC|" \
		-e "s|checkpoint_root: .*|checkpoint_root: $2|" \
		-e "s|table: curated\.|table: $1.|" -e "s|table: quarantine\.|table: $1.|" \
		-e "s|max_offsets_per_trigger: .*|max_offsets_per_trigger: $MAX_OFFSETS|" \
		-e "s|^name: .*|name: bench|" -e "s|^engine: pyspark|engine: pyspark\ntest: true|" \
		examples/order-streaming/profiles/spark.yaml
}

run_generated() { # round
	local db=${ID}_gen$1 dir=$WORK/gen$1
	mkdir -p "$dir"
	profile "$db" "$dir/checkpoints" >"$dir/profile.yaml"
	"$WORK/etlgen" compile ./examples/order-streaming --profile "$dir/profile.yaml" -o "$dir/out" >&2
	local prog
	for prog in "$dir"/out/*.py; do [ "${prog##*/}" = etlgen_runtime.py ] || break; done
	timed "$dir" "$db" "$PY" "$prog"
}

run_handwritten() { # round
	local db=${ID}_hand$1 dir=$WORK/hand$1
	mkdir -p "$dir"
	timed "$dir" "$db" "$PY" scripts/bench/orders_handwritten.py --topic "$TOPIC" --db "$db" --checkpoint "$dir/checkpoints" --max-offsets "$MAX_OFFSETS"
}

# timed dir db cmd...: run cmd, print "seconds curated_rows paid_orders rejected late
# windows_hash rejected_hash late_hash" (the hashes: sums of xxhash64 over every window row, the
# source position of every rejected row, the event id and watermark of every late row).
# A start that fails because the server's foreachBatch Python worker did not
# connect back in time (a loaded machine; nothing ran) is retried.
timed() {
	local dir=$1 db=$2
	shift 2
	local t0 t1 attempt
	for attempt in 1 2 3; do
		t0=$(date +%s.%N)
		if "$@" >"$dir/stdout.log" 2>"$dir/stderr.log"; then
			t1=$(date +%s.%N)
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
	echo "$(calc "$t1 - $t0") $counts"
}

declare -A best
record() { # program "seconds counts..."
	local secs=${2%% *}
	log "$1: $2"
	if [ -z "${best[$1]:-}" ] || [ "$(calc "$secs < ${best[$1]%% *}")" = 1 ]; then best[$1]=$2; fi
}

for ((r = 1; r <= ROUNDS; r++)); do
	if ((r % 2 == 1)); then order=(hand gen); else order=(gen hand); fi
	for p in "${order[@]}"; do
		if [ "$p" = hand ]; then res=$(run_handwritten $r); else res=$(run_generated $r); fi
		record "$p" "$res"
	done
done

read -r gs gw gp gr gl gh <<<"${best[gen]}"
read -r hs hw hp hr hl hh <<<"${best[hand]}"
gt=$(calc "$N / $gs")
ht=$(calc "$N / $hs")
echo
printf 'events: %d (topic %s, 2 partitions, 1%% invalid), max %d offsets per batch, best of %d rounds, available-now, fresh checkpoints\n' "$N" "$TOPIC" "$MAX_OFFSETS" "$ROUNDS"
printf '%-12s %10s %12s %14s %12s %10s %8s\n' program seconds events/s curated_rows paid_orders rejected late
printf '%-12s %10.2f %12.0f %14s %12s %10s %8s\n' generated "$gs" "$gt" "$gw" "$gp" "$gr" "$gl"
printf '%-12s %10.2f %12.0f %14s %12s %10s %8s\n' handwritten "$hs" "$ht" "$hw" "$hp" "$hr" "$hl"
printf 'ratio generated/handwritten: %.3f (target >= 0.95)\n' "$(calc "$gt / $ht")"
printf 'load average (1, 5, 15 min) at the end: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$gw $gp $gr $gl $gh" != "$hw $hp $hr $hl $hh" ]; then
	echo "WARNING: the two programs wrote different outputs (curated rows, paid orders, rejected, late, row hashes)" >&2
	exit 1
fi
