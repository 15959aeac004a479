#!/bin/bash
# memory.sh STEP: the memory family's GPU evidence (issue 14; docs/PERF.md), run on the GPU
# machine from the repository root with the binaries tools/evidence/stage.sh copied to
# .device/bin. Writes under $OUT/memory-<STEP>/.
#   sweep      the full profile's memory shapes, every memory kernel, no baseline
#   memcheck   compute-sanitizer memcheck over the conformance cases and odd shapes
#   ncu        sectors per request (AoS vs SoA) and shared-memory bank conflicts
#              (unpadded vs padded transpose) at 4096x4096, one launch of each kernel
#   wrong      testing_memory_wrong: must be INVALID (exit 3) at odd shapes
#   sass       LDG/STG widths of the memory kernels (cuobjdump -sass)
set -u
step=$1
dir=$OUT/memory-$step
# shellcheck source=tools/evidence/common.sh
. "$(dirname "$0")/common.sh"
odd=(--shape 33x31 --shape 31x33 --shape 1x33 --shape 4099x1031 --shape 1031x4099)
case "$step" in
  sweep)
    run sweep "$bin"/sweep --family memory --profile full --baseline none --out "$dir/memory-full.json" ;;
  memcheck)
    run memcheck compute-sanitizer --tool memcheck --target-processes all --leak-check no \
      --error-exitcode 99 "$bin"/sweep --family memory "${odd[@]}" --time-cap 0.01 \
      --baseline none --out "$dir/memcheck.json"
    grep -h "ERROR SUMMARY" "$dir/memcheck.out" "$dir/memcheck.err" | sort | uniq -c >>"$dir/summary.txt" ;;
  ncu)
    metrics=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
    metrics=$metrics,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
    metrics=$metrics,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
    metrics=$metrics,smsp__sass_inst_executed_op_shared_ld.sum,dram__bytes_read.sum,dram__bytes_write.sum
    metrics=$metrics,gpu__time_duration.sum
    # SGEMM_BENCH_AB_ROUND=1 skips the conformance cases: the first launch is the 4096x4096 one.
    for k in memory_soa_read_x memory_aos_read_x memory_aos_float4_sum memory_copy_float \
             memory_copy_float4 memory_transpose_naive memory_transpose_smem32 \
             memory_transpose_smem32_padded; do
      SGEMM_BENCH_AB_ROUND=1 run "ncu-$k" ncu --target-processes all --metrics "$metrics" \
        -k "regex:^(copy|soa|aos|transpose)" -c 1 --csv "$bin"/sweep --levels "$k" \
        --shape 4096x4096 --time-cap 0.01 --baseline none --out "$dir/ncu-$k.json"
    done ;;
  wrong)
    run wrong "$bin"/sweep-faulting --levels testing_memory_wrong "${odd[@]}" --shape 1024x1024 \
      --baseline none --out "$dir/wrong.json" ;;
  sass)
    cuobjdump -sass "$bin"/sweep >"$dir/sweep.sass" 2>&1
    awk '/Function :/ { f = $3 } /LDG|STG|LDS|STS/ && f ~ /copy|soa|aos|transpose/ {
           match($0, /(LDG|STG|LDS|STS)[.A-Z0-9]*/); c[f " " substr($0, RSTART, RLENGTH)]++ }
         END { for (k in c) print k, c[k] }' "$dir/sweep.sass" | sort >"$dir/sass-memory.txt"
    rm -f "$dir/sweep.sass" ;;
  *) echo "memory.sh: unknown step '$step'" >&2; exit 2 ;;
esac
