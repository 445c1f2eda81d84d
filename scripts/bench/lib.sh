#!/usr/bin/env bash
# Helpers the bench scripts share (sourced, not run).

# calc EXPR: the awk value of an arithmetic expression.
calc() { awk "BEGIN { print ($1) }"; }

# jvm_cpu: CPU seconds (user + system) the process SPARK_PID (the script's Spark Connect
# server) has used so far.
TICKS=$(getconf CLK_TCK)
jvm_cpu() { awk -v t="$TICKS" '{ sub(/^.*\) /, ""); print ($12 + $13) / t }' "/proc/$SPARK_PID/stat"; }

# log MSG...: a timestamped line on stderr.
log() { printf '[bench %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

# stats FMT: "median (min-max)" of the numbers on stdin (space- or
# newline-separated), each printed with printf format FMT.
stats() {
	tr ' ' '\n' | grep . | sort -g | awk -v f="$1" '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf f " (" f "-" f ")", m, v[1], v[NR] }'
}
