#!/bin/bash
# fs61.sh BUILD ROUNDS SET...: level 6 beside the fine tile's four warps forced as other tiles
# (128x32, 128x64, 32x128) and its own forms (64x64 bk32 s2, 64x128 bk16 s3) at each shape of
# each SET (.device/bin/SET.txt), ROUNDS rounds, one sweep a set and round (conformance cases
# of each point first, as every sweep; KERNELS, comma-separated, instead of those nine);
# then memcheck of the new points (MEMCHECK_LEVELS instead) at odd shapes unless NO_MEMCHECK
# is set (MEMCHECK_SHAPES: more --shape arguments). Packed
# as $OUT/fs.tar.xz. SKIP (env): UUID prefixes on which it stops (exit 3).
set -u
bin=.device/bin B=$1 R=$2; shift 2
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | head -n 1); SKIP=${SKIP:-}
for s in ${SKIP//,/ }; do case "$uuid" in "$s"*) echo "fs61: $uuid is in the set" >&2; exit 3 ;; esac; done
tools/evidence/unpack.sh "$B" || exit 1 # the packed sweep_tuning as $bin/$B-sweep
mkdir -p $OUT/fs
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
NEW=level6_grid_short_k_128x32_bk16_s4,level6_grid_short_k_128x32_bk32_s2,level6_grid_short_k_128x64_bk16_s3,level6_grid_short_k_128x64_bk8_s4,level6_grid_short_k_32x128_bk16_s4,level6_grid_short_k_32x128_bk32_s2
L=${KERNELS:-level6_tuned,$NEW,level6_grid_short_k_bk32_s2,level6_grid_short_k_wide_bk16_s3}
for r in $(seq $R); do
  for set in "$@"; do
    shapes=(); while read -r s; do shapes+=(--shape "$s"); done < $bin/$set.txt
    s0=$SECONDS
    timeout 200 $bin/$B-sweep --levels $L "${shapes[@]}" --baseline none --out $OUT/fs/$set-$r.json > $OUT/fs/$set-$r.out 2>&1
    echo "$set $r rc=$? $((SECONDS-s0))s"
  done
done
[ -n "${NO_MEMCHECK:-}" ] || {
s0=$SECONDS
timeout 200 compute-sanitizer --tool memcheck --leak-check no --error-exitcode 99 $bin/$B-sweep --levels ${MEMCHECK_LEVELS:-$NEW} \
  --shape 1x1x1 --shape 5x301x1003 --shape 97x33x4099 --shape 257x257x257 --shape 130x299x1000 \
  --shape 600x17x777 --shape 3001x2999x203 --shape 10843x145x506 --shape 2119x480x659 --shape 96x6734x905 \
  --shape 777x25x33 --shape 33x4096x70 ${MEMCHECK_SHAPES:-} --time-cap 0.01 --baseline none --out $OUT/fs/memcheck.json > $OUT/fs/memcheck.out 2>&1
echo "memcheck rc=$? $((SECONDS-s0))s"; grep -h "ERROR SUMMARY" $OUT/fs/memcheck.out | sort | uniq -c
}
tar cJf $OUT/fs.tar.xz -C $OUT fs && rm -rf $OUT/fs
