#!/bin/bash
# ncu57w.sh BUILD SHAPE...: Nsight Compute's full set on one launch (in the sweep's timed
# ranges) of the wide form at two CTAs an SM (level6_grid_short_k_wide2_bk16_s3), of the
# wide form as level 6 builds it (level6_grid_short_k_wide_bk16_s3) and of cuBLAS's kernel,
# at each shape; the details pages as CSV under $OUT/ncu57w/
set -u
bin=.device/bin B=$1; shift
tools/evidence/unpack.sh $B || exit 1 # BUILD: a sweep_tuning pack
mkdir -p $OUT/ncu57w
for shape in "$@"; do
  for what in wide2:level6_grid_short_k_wide2_bk16_s3:short_k_kernel wide:level6_grid_short_k_wide_bk16_s3:short_k_kernel cublas:level6_grid_short_k_wide_bk16_s3:gemm; do
    IFS=: read -r name level k <<<"$what"
    timeout 100 ncu --target-processes all --set full --import-source no --nvtx --nvtx-include sgemm_bench_timed/ \
      -k regex:$k --launch-count 1 -o $OUT/ncu57w/$name-$shape \
      $bin/$B-sweep --levels $level --shape $shape --time-cap 0.05 --baseline none \
      --out $OUT/ncu57w/sweep-$name-$shape.json > $OUT/ncu57w/$name-$shape.out 2>&1
    echo "$name $shape rc=$?"
    ncu --import $OUT/ncu57w/$name-$shape.ncu-rep --page details --csv > $OUT/ncu57w/$name-$shape-details.csv 2>&1
    rm -f $OUT/ncu57w/$name-$shape.ncu-rep
  done
done
tar cJf $OUT/ncu57w.tar.xz -C $OUT ncu57w && rm -rf $OUT/ncu57w
