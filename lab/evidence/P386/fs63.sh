#!/bin/bash
# fs63.sh BUILD ROUNDS SET:KERNELS...: session 61's fs61.sh with each set's own levels (a
# comma-separated list after the set's name): level 6 beside the points that matter at that
# set, ROUNDS rounds, one sweep a set and round (.device/bin/SET.txt), then, where
# MEMCHECK_LEVELS is set, memcheck of those at fs61.sh's odd shapes and MEMCHECK_SHAPES.
# Packed as $OUT/fs.tar.xz. SKIP (env): UUID prefixes on which it stops (exit 3).
set -u
bin=.device/bin B=$1 R=$2; shift 2
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | head -n 1); SKIP=${SKIP:-}
for s in ${SKIP//,/ }; do case "$uuid" in "$s"* | "GPU-$s"*) echo "fs63: $uuid is in the set" >&2; exit 3 ;; esac; done
tools/evidence/unpack.sh "$B" || exit 1 # the packed sweep_tuning as $bin/$B-sweep
mkdir -p $OUT/fs
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
for r in $(seq $R); do
  for sk in "$@"; do
    set=${sk%%:*} L=${sk#*:}
    shapes=(); while read -r s; do shapes+=(--shape "$s"); done < $bin/$set.txt
    s0=$SECONDS
    timeout 250 $bin/$B-sweep --levels $L "${shapes[@]}" --baseline none --out $OUT/fs/$set-$r.json > $OUT/fs/$set-$r.out 2>&1
    echo "$set $r rc=$? $((SECONDS-s0))s"
  done
done
[ -z "${MEMCHECK_LEVELS:-}" ] || {
s0=$SECONDS
timeout 250 compute-sanitizer --tool memcheck --leak-check no --error-exitcode 99 $bin/$B-sweep --levels $MEMCHECK_LEVELS \
  --shape 1x1x1 --shape 5x301x1003 --shape 97x33x4099 --shape 257x257x257 --shape 130x299x1000 \
  --shape 600x17x777 --shape 3001x2999x203 --shape 10843x145x506 --shape 2119x480x659 --shape 96x6734x905 \
  --shape 777x25x33 --shape 33x4096x70 ${MEMCHECK_SHAPES:-} --time-cap 0.01 --baseline none --out $OUT/fs/memcheck.json > $OUT/fs/memcheck.out 2>&1
echo "memcheck rc=$? $((SECONDS-s0))s"; grep -h "ERROR SUMMARY" $OUT/fs/memcheck.out | sort | uniq -c
}
tar cJf $OUT/fs.tar.xz -C $OUT fs && rm -rf $OUT/fs
