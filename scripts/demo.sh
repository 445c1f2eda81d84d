#!/usr/bin/env bash
# demo.sh — `make demo`: build etlgen once (bin/etlgen), then validate, plan and run
# the order-streaming example on the embedded local engine (no JVM, no network).
# It says what each step does before it starts, and while a step prints nothing it
# prints a heartbeat every HEARTBEAT seconds, so it is never silent for long. A step
# that fails stops the demo with its exit status, its output shown in full.
set -euo pipefail

GO=${GO:-go}
HEARTBEAT=${HEARTBEAT:-5}
EXAMPLE=./examples/order-streaming
PROFILE=examples/order-streaming/profiles/local.yaml
EVENTS=examples/order-streaming/testdata/events
OUT=examples/order-streaming/out
BIN=bin/etlgen

cd "$(dirname "$0")/.."

say() { printf '\n==> %s\n' "$*"; }

# build compiles bin/etlgen with go build -v in the background; every
# HEARTBEAT seconds it says how long it has been building and how many
# packages were compiled. On failure it prints the compiler's output (without
# the -v package list) and returns go build's exit status.
build() {
	local log n pid rc=0 t0=$SECONDS
	log=$(mktemp)
	mkdir -p bin
	"$GO" build -v -o "$BIN" ./cmd/etlgen >"$log" 2>&1 &
	pid=$!
	while ! wait_for "$pid" "$HEARTBEAT"; do
		n=$(grep -cvE '[ :#]' "$log" || true)
		if [ "$n" -eq 0 ]; then
			printf '    … building etlgen: %d s (packages cached; linking)\n' $((SECONDS - t0))
		else
			printf '    … building etlgen: %d s, %d packages compiled\n' $((SECONDS - t0)) "$n"
		fi
	done
	wait "$pid" || rc=$?
	if [ "$rc" -ne 0 ]; then
		grep -E '[ :#]' "$log" >&2 || cat "$log" >&2
		rm -f "$log"
		printf 'demo: go build -o %s ./cmd/etlgen failed (exit %d)\n' "$BIN" "$rc" >&2
		return "$rc"
	fi
	rm -f "$log"
	printf '    built %s in %d s\n' "$BIN" $((SECONDS - t0))
}

# wait_for PID N: whether process PID ended within N seconds.
wait_for() {
	local i
	for ((i = 0; i < $2; i++)); do
		kill -0 "$1" 2>/dev/null || return 0
		sleep 1
	done
	! kill -0 "$1" 2>/dev/null
}

# step LABEL CMD...: run CMD, its output (stdout and stderr) shown as it comes;
# after HEARTBEAT silent seconds print "… LABEL: N s". Returns CMD's status.
step() {
	local label=$1 log pid rc=0 shown=0 size t0=$SECONDS
	shift
	log=$(mktemp)
	"$@" >"$log" 2>&1 &
	pid=$!
	while ! wait_for "$pid" "$HEARTBEAT"; do
		size=$(wc -c <"$log")
		if [ "$size" -gt "$shown" ]; then
			tail -c +$((shown + 1)) "$log" | head -c $((size - shown)) || true # tail may outrun head: SIGPIPE
			shown=$size
		else
			printf '    … %s: %d s\n' "$label" $((SECONDS - t0))
		fi
	done
	wait "$pid" || rc=$?
	tail -c +$((shown + 1)) "$log"
	rm -f "$log"
	if [ "$rc" -ne 0 ]; then
		printf 'demo: %s failed (exit %d)\n' "$label" "$rc" >&2
	fi
	return "$rc"
}

t0=$SECONDS
files=$(find "$EVENTS" -name '*.jsonl' | wc -l)
say "etlgen demo: the order-streaming example on the embedded local engine (no JVM, no network)"

say "1/4 build $BIN once (go build ./cmd/etlgen: about 480 packages, ~75 s on 2 idle cores with an empty
    Go build cache, several minutes on a busy machine; seconds when the cache is warm)"
build

say "2/4 validate: offline checks of the contracts, transformations, pipeline and profile, no Spark
    (etlgen first compiles a small program that imports the example to read its pipeline: a few
    seconds, up to a minute or two with a cold build cache; plan and run reuse it)"
step "validating (compiling the example's pipeline reader, then checking)" "$BIN" validate "$EXAMPLE" --profile "$PROFILE"

say "3/4 plan: what would run — each query's sources, watermark, state, output mode, checkpoint, sink and delivery guarantee"
step planning "$BIN" plan "$EXAMPLE" --profile "$PROFILE"

say "4/4 run: the local engine over the $files sample files in $EVENTS, one micro-batch each
    (--fresh --yes: starts over, deleting the previous demo's checkpoints and outputs in $OUT).
    A batch line: input rows; late-vs, the watermark its late rows are judged against (the
    previous batch's); watermark, its own (it emits the windows that end by it); dropped and
    late, the rows behind late-vs (004-late-arrival.jsonl holds one: evt-0021 at 11:40)."
step running "$BIN" run "$EXAMPLE" --profile "$PROFILE" --progress plain --fresh --yes

say "done in $((SECONDS - t0)) s. The outputs (JSON lines) are in $OUT/: customer_order_windows,
    rejected_order_events, late_order_events, and run-report.json. See a sink's rows:
      $BIN show $EXAMPLE --profile $PROFILE --sink late_order_events
    Run again from the checkpoints (nothing new to read): $BIN run $EXAMPLE --profile $PROFILE"
