#!/bin/bash
# weft against the hand-written program of the same game, timed at the same time:
# the compare bench's `--count N --only hand` and `--only weft` runs, one per core
# (taskset), the cores swapped every round; prints the geometric mean of the rounds'
# ratios of moves per second (weft / hand). `cargo bench --bench compare` times the
# two one after the other, so its ratios carry the machine's drift between its rounds;
# here both see the same moment. Needs two free cores and the compare bench built
# (`cargo bench --bench compare --no-run`). Choose the counts so that the two runs
# last about as long (weft plays fewer games):
#
#   benches/paired_hand.sh windborne 7 15000 5000 16
#   benches/paired_hand.sh crossway 9 100000 80000 16
set -eu
G=$1 S=$2 NH=$3 NW=$4 R=$5
B=$(ls -t target/release/deps/compare-* | grep -v '\.d$' | head -1)
th=$(mktemp) tw=$(mktemp)
trap 'rm -f "$th" "$tw"' EXIT
rate() { grep -o "playouts, [0-9]* moves, [0-9.]* s" "$1" | awk '{print $2 / $4}'; }
for i in $(seq "$R"); do
  if [ $((i % 2)) = 0 ]; then ch=0 cw=1; else ch=1 cw=0; fi
  taskset -c $ch "$B" --games "$G" --sizes "$S" --count "$NH" --only hand >"$th" 2>&1 &
  taskset -c $cw "$B" --games "$G" --sizes "$S" --count "$NW" --only weft >"$tw" 2>&1 &
  wait
  echo "$(rate "$th") $(rate "$tw")"
done | awk '{r = $2 / $1; l += log(r); n++}
  END {printf "%s %s: weft / hand in moves per second, geometric mean of %d rounds: %.3f\n", g, s, n, exp(l / n)}' g="$G" s="$S"
