#!/bin/bash
# lk.sh BUILD SET: level 6 and the fine tile forced at each depth of the autotuning grid
# (64x64, 5 CTAs an SM) in one sweep_tuning run, 2 runs; then Nsight Compute's full set on
# the fine tile and on cuBLAS at 528x5595x239 and 12378x623x490 (same grid: 64x64 tiles)
set -u
bin=.device/bin B=$1 set=$2
[ -x $bin/$B-sweep_tuning ] || { cat $bin/$B-st.part* > $bin/$B-sweep_tuning.xz && python3 -c 'import lzma,sys; open(sys.argv[2],"wb").write(lzma.open(sys.argv[1]).read())' $bin/$B-sweep_tuning.xz $bin/$B-sweep_tuning; }
chmod +x $bin/$B-sweep_tuning
mkdir -p $OUT/lk
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
shapes=(); while read -r s; do shapes+=(--shape "$s"); done < $bin/$set.txt
k=level6_tuned
for d in bk8_s3 bk8_s4 bk8_s6 bk16_s2 bk16_s3 bk16_s4 bk32_s2; do k=$k,level6_grid_short_k_$d; done
for r in 1 2; do
  $bin/$B-sweep_tuning --levels $k "${shapes[@]}" --baseline none --out $OUT/lk/$set-$r.json > $OUT/lk/$set-$r.out 2>&1
  echo "$set run $r rc=$?"
done
for shape in 528x5595x239 12378x623x490; do for kn in short_k xmma; do
  r=$OUT/lk/ncu-$shape-$kn
  timeout 200 ncu --target-processes all --nvtx --nvtx-include "sgemm_bench_timed/" \
    -k regex:$kn --launch-count 1 --import-source no --set full \
    -o $r $bin/$B-sweep_tuning --levels level6_tuned --shape $shape --time-cap 1 --baseline none \
    --out $r-sweep.json > $r.log 2>&1
  echo "$shape $kn ncu rc=$?"
  ncu --import $r.ncu-rep --page details --csv > $r-details.csv 2>&1
  ncu --import $r.ncu-rep --page raw --csv > $r-raw.csv 2>&1
  rm -f $r.ncu-rep
done; done
tar cJf $OUT/lk.tar.xz -C $OUT lk && rm -rf $OUT/lk
