#!/bin/bash
# ncu50.sh BUILD SHAPE...: the fine tile forced (sweep_tuning's level6_grid_short_k_bk16_s4)
# at each SHAPE's timed launches (NVTX filter), full section set, 1 launch a shape; raw CSV
# and per-instruction source CSV.
set -u
bin=.device/bin B=$1; shift
[ -x $bin/$B-sweep_tuning ] || python3 -c 'import lzma,sys; open(sys.argv[2],"wb").write(lzma.open(sys.argv[1]).read())' $bin/$B-sweep_tuning.xz $bin/$B-sweep_tuning
chmod +x $bin/$B-sweep_tuning
mkdir -p $OUT/ncu
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
finish() { tar cJf $OUT/ncu50-$B.tar.xz -C $OUT ncu && rm -rf $OUT/ncu; }
trap finish EXIT
for shape in "$@"; do
  r=$OUT/ncu/$B-$shape
  timeout 200 ncu --target-processes all --kernel-name-base demangled --nvtx --nvtx-include "sgemm_bench_timed/" \
    -k regex:'short_k' --launch-count 1 --import-source no --set full \
    -o $r $bin/$B-sweep_tuning --levels level6_grid_short_k_bk16_s4 --shape $shape --time-cap 1 --baseline none \
    --out $r-sweep.json > $r.log 2>&1
  echo "$shape ncu rc=$?"
  ncu --import $r.ncu-rep --page raw --csv > $r-raw.csv 2>&1
  ncu --import $r.ncu-rep --page source --csv --print-source sass > $r-src.csv 2>&1
  rm -f $r.ncu-rep
done
