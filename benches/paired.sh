#!/bin/bash
# Paired timing of two weft binaries: both run `weft bench ARGS --seed 1` at the same
# time, one per core (taskset), the cores and the start order swapped every round, so
# that the machine's drift and a core's or a start position's advantage fall on both.
# Prints the mean and the geometric mean of the per-round ratios B/A (playouts per CPU
# second) and each binary's mean. Needs two free cores.
#
#   benches/paired.sh OLD_BINARY NEW_BINARY ROUNDS games/windborne.game --playouts 10000
#
# On the machine of docs/PERFORMANCE.md's seventeenth round, a binary against itself
# gave ratios 1.003-1.012 over 12-24 rounds, where single timed runs moved by +-20%.
# In the eighteenth round two runs of 24 rounds of one pair disagreed by 5%: run it in
# both orders (OLD NEW, then NEW OLD), 64 rounds or more, and take the gains together.
set -eu
A=$1 B=$2 R=$3
shift 3
rate() { grep -o "[0-9]* playouts per CPU second" | awk '{print $1}'; }
ta=$(mktemp) tb=$(mktemp)
trap 'rm -f "$ta" "$tb"' EXIT
for i in $(seq "$R"); do
  if [ $((i % 2)) = 0 ]; then ca=0 cb=1; else ca=1 cb=0; fi
  if [ $((i % 4)) -lt 2 ]; then
    taskset -c $ca "$A" bench "$@" --seed 1 2>&1 | rate >"$ta" &
    taskset -c $cb "$B" bench "$@" --seed 1 2>&1 | rate >"$tb" &
  else
    taskset -c $cb "$B" bench "$@" --seed 1 2>&1 | rate >"$tb" &
    taskset -c $ca "$A" bench "$@" --seed 1 2>&1 | rate >"$ta" &
  fi
  wait
  echo "$(cat "$ta") $(cat "$tb")"
done | awk '{r = $2 / $1; s += r; l += log(r); sa += $1; sb += $2}
  END {printf "B/A mean ratio %.4f, geometric %.4f; A mean %d, B mean %d (%d rounds)\n",
       s / NR, exp(l / NR), sa / NR, sb / NR, NR}'
