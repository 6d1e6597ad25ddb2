#!/bin/sh
# Submits a weft run as a Slurm job array of SLICES slices and a merge that waits for
# all of them; see docs/CLUSTER.md.
#
#   deploy/slurm/submit.sh SLICES OUTDIR COMMAND FILE OPTIONS...
#   deploy/slurm/submit.sh 16 runs/cw13 match games/crossway.game --size 13 \
#       --players mcts:1000,mcts:1000 --games 400
#
# Extra sbatch options (a partition, a time limit) go in $SBATCH_OPTIONS.
set -eu
if [ $# -lt 4 ]; then
    echo "usage: $0 SLICES OUTDIR COMMAND FILE OPTIONS..." >&2
    exit 2
fi
slices=$1
outdir=$2
shift 2
here=$(dirname "$0")
mkdir -p "$outdir"
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array=0-$((slices - 1)) \
    "$here/weft-slice.sbatch" "$outdir" "$@")
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTIONS:-} --dependency=afterok:"$array" \
    "$here/weft-merge.sbatch" "$outdir")
echo "slices: job array $array ($slices tasks); merge: job $merge"
echo "the report will be in $outdir/result.txt and $outdir/result.json"
