#!/bin/bash
# fw58.sh BUILD SET...: level 6 beside the wide form forced (bk8 s4, level 6's depth, and
# bk16 s3) at each shape of each SET (.device/bin/SET.txt), one sweep a set, one round;
# the sweeps under $OUT/fw/, packed as $OUT/fw.tar.xz
set -u
bin=.device/bin B=$1; shift
tools/evidence/unpack.sh $B || exit 1 # BUILD: a sweep_tuning pack
mkdir -p $OUT/fw
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
L=level6_tuned,level6_grid_short_k_wide_bk8_s4,level6_grid_short_k_wide_bk16_s3
for set in "$@"; do
  shapes=(); while read -r s; do shapes+=(--shape "$s"); done < $bin/$set.txt
  s0=$SECONDS
  timeout 150 $bin/$B-sweep --levels $L "${shapes[@]}" --baseline none --out $OUT/fw/$set.json > $OUT/fw/$set.out 2>&1
  echo "$set rc=$? $((SECONDS-s0))s"
done
tar cJf $OUT/fw.tar.xz -C $OUT fw && rm -rf $OUT/fw
