#!/bin/bash
# ncu49s.sh BUILD SHAPE...: stall reasons, bank conflicts and per-instruction samples
# (SourceCounters) of level 6 and cuBLAS at each SHAPE's timed launches, 2 a shape.
set -u
bin=.device/bin B=$1; shift
[ -x $bin/$B-sweep ] || python3 -c 'import lzma,sys; open(sys.argv[2],"wb").write(lzma.open(sys.argv[1]).read())' $bin/$B-sweep.xz $bin/$B-sweep
chmod +x $bin/$B-sweep
mkdir -p $OUT/ncus
finish() { tar cJf $OUT/ncus-$B.tar.xz -C $OUT ncus && rm -rf $OUT/ncus; }
trap finish EXIT
for shape in "$@"; do
  r=$OUT/ncus/$B-$shape
  timeout 200 ncu --target-processes all --kernel-name-base demangled --nvtx --nvtx-include "sgemm_bench_timed/" \
    -k regex:'short_k|gemm|tuned|streamk|small_|reduce|pad_b|Kernel' --launch-count 2 --import-source no \
    --section WarpStateStats --section SourceCounters --section SchedulerStats --section MemoryWorkloadAnalysis_Tables \
    --metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__inst_executed_op_ldgsts.sum,sm__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_ldgsts_cache_bypass.sum \
    -o $r $bin/$B-sweep --levels level6_tuned --shape $shape --time-cap 1 --baseline none \
    --out $r-sweep.json > $r.log 2>&1
  echo "$shape ncu rc=$?"
  ncu --import $r.ncu-rep --page raw --csv > $r-raw.csv 2>&1
  ncu --import $r.ncu-rep --page source --csv --print-source sass > $r-src.csv 2>&1
  rm -f $r.ncu-rep
done
cuobjdump -sass $bin/$B-sweep 2>/dev/null | awk '/Function : .*short_k_kernel/{p=1} /Function : /{if($0 !~ /short_k_kernel/)p=0} p' > $OUT/ncus/short_k.sass
ls -la $OUT/ncus
