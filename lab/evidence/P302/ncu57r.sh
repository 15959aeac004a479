#!/bin/bash
# ncu57r.sh BUILD SHAPE...: Nsight Compute's full set on split-K's reduction (splitk_reduce
# and splitk_reduce_few) in the sweep's timed ranges, up to 3 launches a shape, details as
# CSV under $OUT/ncu57r/
set -u
bin=.device/bin B=$1; shift
tools/evidence/unpack.sh $B || exit 1
mkdir -p $OUT/ncu57r
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
for shape in "$@"; do
  timeout 150 ncu --target-processes all --set full --import-source no --nvtx --nvtx-include sgemm_bench_timed/ \
    -k regex:splitk_reduce --launch-count 3 -o $OUT/ncu57r/$shape \
    $bin/$B-sweep --levels level6_tuned --family sgemm --shape $shape --time-cap 0.05 \
    --baseline none --out $OUT/ncu57r/sweep-$shape.json > $OUT/ncu57r/$shape.out 2>&1
  echo "$shape rc=$?"
  ncu --import $OUT/ncu57r/$shape.ncu-rep --page details --csv > $OUT/ncu57r/$shape-details.csv 2>&1
  rm -f $OUT/ncu57r/$shape.ncu-rep
done
tar cJf $OUT/ncu57r.tar.xz -C $OUT ncu57r && rm -rf $OUT/ncu57r
