#!/bin/bash
# wk57.sh BUILD ROUNDS SET...: level 6 against the wide form's own split-K forced (bk8 s4,
# bk16 s3), in one sweep each run; then memcheck of the forced bk8 s4 point at ws_00's
# first 24 shapes and wss's first 24 (one timing each)
set -u
bin=.device/bin B=$1 R=$2; shift 2
tools/evidence/unpack.sh $B || exit 1 # BUILD: a sweep_tuning pack
mkdir -p $OUT/wk
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
L=level6_tuned,level6_grid_short_k_wide_split_bk8_s4,level6_grid_short_k_wide_split_bk16_s3
for r in $(seq 1 $R); do for set in "$@"; do
  shapes=(); while read -r s; do shapes+=(--shape "$s"); done < $bin/$set.txt
  s0=$SECONDS
  $bin/$B-sweep --levels $L "${shapes[@]}" --baseline none --out $OUT/wk/$set-$r.json > $OUT/wk/$set-$r.out 2>&1
  echo "$set run $r rc=$? $((SECONDS-s0))s"
done; done
for set in ws_00 wss; do
  shapes=(); while read -r s; do shapes+=(--shape "$s"); done < <(head -24 $bin/$set.txt)
  compute-sanitizer --tool memcheck --leak-check no --error-exitcode 99 $bin/$B-sweep \
    --levels level6_grid_short_k_wide_split_bk8_s4 "${shapes[@]}" --time-cap 0.01 --baseline none \
    --out $OUT/wk/memcheck-$set.json > $OUT/wk/memcheck-$set.out 2>&1
  echo "memcheck $set rc=$?"; grep -h "ERROR SUMMARY" $OUT/wk/memcheck-$set.out
done
tar cJf $OUT/wk.tar.xz -C $OUT wk && rm -rf $OUT/wk
