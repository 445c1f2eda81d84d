#!/usr/bin/env bash
# The local engine alone, before against after: the order-streaming example
# on N deterministic order events (e2e/cmd/orderfiles, 1% invalid, FILES
# files, max_files_per_trigger 1: FILES micro-batches, the local half of
# local_vs_spark.sh) through `etlgen run` built from BASE (a git revision,
# default main) and from the working tree, ROUNDS rounds interleaved (BASE
# first in odd rounds), after one unrecorded warm-up run of each, every run
# available-now from fresh checkpoints and fresh outputs.
#
# Measures per run the wall clock, the CPU seconds (user + system) and the
# peak RSS (GNU time's maximum resident set size; "-" without /usr/bin/time)
# of the etlgen process; checks that both wrote the same rows (every sink's
# files in batch order, the rejections' observed_at aside); prints per
# binary the median and range (min-max) of the three, the events per
# CPU-second, the ratio after/before per round (median and range), and the
# load average at the start and the end. The Spark half (and issue 35's
# targets) is local_vs_spark.sh's.
#
#   scripts/bench/local_ab.sh [N]   (default 200000; FILES=10; ROUNDS=10; BASE=main; KEEP=1 keeps the work dir)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
N=${1:-200000}
FILES=${FILES:-10}
ROUNDS=${ROUNDS:-10}
BASE=${BASE:-main}
GO=${GO:-go}
WORK=${BENCH_DIR:-/tmp/etlgen-bench}/lab_$(date -u +%Y%m%d%H%M%S)_$RANDOM
mkdir -p "$WORK"
# shellcheck source=scripts/bench/lib.sh
source "$ROOT/scripts/bench/lib.sh"
LOAD0=$(cut -d' ' -f1-3 /proc/loadavg)

# shellcheck disable=SC2329 # run by the EXIT trap below
cleanup() { [ -n "${KEEP:-}" ] || rm -rf "$WORK"; }
trap cleanup EXIT

mkdir -p "$WORK/base"
git archive "$BASE" | tar -x -C "$WORK/base"
(cd "$WORK/base" && $GO build -o "$WORK/before" ./cmd/etlgen)
$GO build -o "$WORK/after" ./cmd/etlgen
$GO build -o "$WORK/orderfiles" ./e2e/cmd/orderfiles
"$WORK/orderfiles" -dir "$WORK/events" -n "$N" -files "$FILES" >&2
log "before: $BASE ($(git rev-parse --short "$BASE")), after: the working tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ', changed'))"

# run bin dir: run the example on the local engine into dir; print "wall_s cpu_s rss_mb".
run() {
	local bin=$1 dir=$2 t
	rm -rf "$dir"
	mkdir -p "$dir"
	cat >"$dir/profile.yaml" <<EOF
name: bench-local
engine: local
test: true
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: $dir/checkpoints
  stop_policy: finish-batch
assets:
  order_events: {plugin: file-json, path: $WORK/events, max_files_per_trigger: 1}
  customer_order_windows: {plugin: file-json, path: $dir/out/customer_order_windows}
  rejected_order_events: {plugin: file-json, path: $dir/out/rejected_order_events}
  late_order_events: {plugin: file-json, path: $dir/out/late_order_events}
EOF
	local cmd=("$bin" run ./examples/order-streaming --profile "$dir/profile.yaml") m=-
	# GNU time for the peak RSS only: bash's time has the finer clock (its figures include
	# GNU time's own, about a millisecond).
	[ ! -x /usr/bin/time ] || cmd=(/usr/bin/time -f %M -o "$dir/rss" "${cmd[@]}")
	if ! t=$({
		TIMEFORMAT='%R %U %S'
		time "${cmd[@]}" >"$dir/stdout.log" 2>"$dir/stderr.log"
	} 2>&1); then
		log "failed: $bin"
		tail -20 "$dir/stderr.log" "$dir/stdout.log" >&2
		exit 1
	fi
	read -r w u s <<<"$t"
	[ ! -s "$dir/rss" ] || m=$(calc "$(cat "$dir/rss") / 1024")
	echo "$w $(calc "$u + $s") $m"
}

# rows dir: a digest of every sink's rows, the part files in batch order.
rows() {
	local t f
	for t in customer_order_windows rejected_order_events late_order_events; do
		echo "$t"
		for f in "$1/out/$t"/part-*.jsonl; do
			[ -e "$f" ] && sed 's/"observed_at":"[^"]*"//' "$f"
		done
	done | sha256sum | cut -c1-16
}

log "warm-up (not recorded): before, then after"
run "$WORK/before" "$WORK/run" >/dev/null
run "$WORK/after" "$WORK/run" >/dev/null
declare -A res
for ((r = 1; r <= ROUNDS; r++)); do
	order="before after"
	[ $((r % 2)) = 1 ] || order="after before"
	for b in $order; do
		res[$b/$r]=$(run "$WORK/$b" "$WORK/run_$b")
		log "round $r, $b: ${res[$b/$r]}"
	done
	if [ "$(rows "$WORK/run_before")" != "$(rows "$WORK/run_after")" ]; then
		echo "MISMATCH (round $r): before and after wrote different rows" >&2
		exit 1
	fi
done

echo
printf 'local engine, before (%s) vs after: %d order events in %d files (1%% invalid), max_files_per_trigger 1, available-now, fresh checkpoints\n' "$BASE" "$N" "$FILES"
printf '%d rounds, interleaved, after a warm-up run of each; median (min-max); %d cores, load average at the start %s, at the end %s\n' \
	"$ROUNDS" "$(nproc)" "$LOAD0" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-7s %-24s %-24s %-27s %s\n' binary wall_s cpu_s 'events per CPU-second' peak_rss_mb
for b in before after; do
	w="" c="" e="" m=""
	for ((r = 1; r <= ROUNDS; r++)); do
		read -r x y z <<<"${res[$b/$r]}"
		w+=" $x" c+=" $y" e+=" $(calc "$N / $y")" m+=" $z"
	done
	[ "${m// /}" = "${m//[^-]/}" ] && m=- || m=$(stats %.0f <<<"$m")
	printf '%-7s %-24s %-24s %-27s %s\n' "$b" "$(stats %.3f <<<"$w")" "$(stats %.3f <<<"$c")" "$(stats %.0f <<<"$e")" "$m"
done
rw="" rc=""
for ((r = 1; r <= ROUNDS; r++)); do
	read -r bw bc _ <<<"${res[before/$r]}"
	read -r aw ac _ <<<"${res[after/$r]}"
	rw+=" $(calc "$aw / $bw")" rc+=" $(calc "$ac / $bc")"
done
printf 'after/before per round: wall %s, CPU %s; identical rows in every round\n' "$(stats %.3f <<<"$rw")" "$(stats %.3f <<<"$rc")"
