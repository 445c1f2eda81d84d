#!/usr/bin/env bash
# What the size of the Spark Connect server's cache of compiled classes
# (spark.sql.codegen.cache.maxEntries, static: read when the server starts)
# costs the order example's programs. For each round and each size in ENTRIES
# (the order rotates each round) it restarts the stack's Spark server with that
# size (scripts/stack.sh restart, SPARK_CODEGEN_CACHE_ENTRIES) and runs
# scripts/bench/run.sh once, without a warm-up, for PROGRAMS at MAX_OFFSETS per
# trigger; then it prints per size and program the server JVM's CPU seconds per
# 100 k events and events/s of every round, with their median and range.
#
#   scripts/bench/codegen_cache_ab.sh [N]   (default 200000; ROUNDS=3; ENTRIES="100 2000";
#                                            PROGRAMS="gen plain"; MAX_OFFSETS=20000)
# It runs on the stack `scripts/stack.sh env` describes (ETLGEN_STACK_DIR and the
# port variables select a second stack); at the end it restarts the server with
# the default size (SPARK_CODEGEN_CACHE_ENTRIES, else scripts/versions.env's).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
N=${1:-200000}
ROUNDS=${ROUNDS:-3}
read -r -a entries <<<"${ENTRIES:-100 2000}"
read -r -a programs <<<"${PROGRAMS:-gen plain}"
MAX_OFFSETS=${MAX_OFFSETS:-20000}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"; scripts/stack.sh restart >/dev/null 2>&1 || true' EXIT
# shellcheck source=scripts/bench/lib.sh
source "$ROOT/scripts/bench/lib.sh"

for ((r = 1; r <= ROUNDS; r++)); do
	for ((i = 0; i < ${#entries[@]}; i++)); do
		e=${entries[$(((i + r - 1) % ${#entries[@]}))]}
		log "round $r: server with spark.sql.codegen.cache.maxEntries=$e"
		SPARK_CODEGEN_CACHE_ENTRIES=$e scripts/stack.sh restart >"$OUT/restart.log" 2>&1
		# run.sh fails when the programs' rows differ: stop then.
		PROGRAMS="${programs[*]}" ROUNDS=1 WARMUP=0 MAX_OFFSETS=$MAX_OFFSETS scripts/bench/run.sh "$N" >"$OUT/run.log" 2>&1 ||
			{ cat "$OUT/run.log" >&2; exit 1; }
		for p in "${programs[@]}"; do
			# run.sh's table row: program events/s (range) jvm_cpu_s/100k (range) ...
			awk -v p="$p" -v e="$e" '$1 == p && $2 ~ /^[0-9.]+$/ { print e, p, $2, $4 }' "$OUT/run.log" >>"$OUT/rows"
		done
		grep '^machine:' "$OUT/run.log" | sed "s/^/round $r size $e: /" >&2
	done
done

echo "spark.sql.codegen.cache.maxEntries A/B: $N events, $MAX_OFFSETS per trigger, $ROUNDS rounds, no warm-up (a fresh server each run)"
printf '%-8s %-13s %-34s %s\n' entries program "jvm_cpu_s/100k median (min-max)" "events/s median (min-max)"
for e in "${entries[@]}"; do
	for p in "${programs[@]}"; do
		cpu=$(awk -v p="$p" -v e="$e" '$1 == e && $2 == p { printf "%s ", $4 }' "$OUT/rows")
		eps=$(awk -v p="$p" -v e="$e" '$1 == e && $2 == p { printf "%s ", $3 }' "$OUT/rows")
		[ -n "$cpu" ] || continue
		printf '%-8s %-13s %-34s %s   rounds: %s\n' "$e" "$p" "$(stats %.2f <<<"$cpu")" "$(stats %.0f <<<"$eps")" "$cpu"
	done
done
