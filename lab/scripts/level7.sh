#!/bin/bash
# level7.sh STEP: level 7's evidence on the GPU machine (binaries in .device/bin: sweep,
# proto3 from lab/variants/level7/proto3.cu), to $OUT/level7-STEP.
#   sk        the registered kernel in the lab harness, stream-K tail on and off, both orders
#   sweep     the sweep's own timing of level 7 beside level 6 and cuBLAS: the large squares
#             and the llm profile
#   memcheck  compute-sanitizer memcheck: the sweep at shapes level 7 takes (M odd, stream-K
#             tails) and at shapes it leaves to level 6, and the harness at odd K and N
#   ncu       Nsight Compute at 8192^3: level 7 and cuBLAS (the harness), level 6 (the sweep)
#   power     SM clock and board power, 100 ms apart, under cuBLAS and level 7 at 16384^3
#   sass      cuobjdump of level 7's kernel: the instruction mix and its main loop
set -u
step=$1
dir=$OUT/level7-$step
# shellcheck source=lab/scripts/common.sh
. "$(dirname "$0")/common.sh"
squares=(--shape 4096x4096x4096 --shape 8192x8192x8192 --shape 16384x16384x16384)
case "$step" in
  sk)
    for s in "4096 4096 4096" "8192 8192 8192" "16384 16384 16384" "2048 4096 4096" \
      "4097 4095 4099" "8192 8192 1024"; do
      for o in 1 0 0 1; do
        # shellcheck disable=SC2086 # s: three numbers
        L7_SK=$o "$bin"/proto3 $s >>"$dir/sk.txt" 2>&1
      done
    done ;;
  sweep)
    run squares "$bin"/sweep --levels level6_tuned,level7_tma "${squares[@]}" \
      --shape 2048x4096x4096 --baseline none --out "$dir/squares.json"
    run llm "$bin"/sweep --levels level6_tuned,level7_tma --profile llm --baseline none \
      --out "$dir/llm.json" ;;
  memcheck)
    run memcheck compute-sanitizer --tool memcheck --target-processes all --leak-check no \
      --error-exitcode 99 "$bin"/sweep --levels level7_tma --shape 1537x4100x260 \
      --shape 4097x4096x300 --shape 1999x8196x516 --shape 16901x256x256 --shape 2048x4096x4096 \
      --shape 1025x4092x1028 --shape 1001x1003x257 --shape 33x4096x4096 \
      --time-cap 0.01 --baseline none --out "$dir/memcheck.json"
    for s in "4097 4095 4099" "1537 4099 257" "2049 2049 301"; do
      # shellcheck disable=SC2086
      run "harness-${s// /x}" compute-sanitizer --tool memcheck --leak-check no --error-exitcode 99 \
        "$bin"/proto3 $s
    done
    grep -h "ERROR SUMMARY" "$dir"/*.out | sort | uniq -c >>"$dir/summary.txt" ;;
  ncu)
    m="sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,gpu__time_duration.sum"
    m="$m,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.avg.per_second"
    m="$m,smsp__inst_executed.sum,smsp__inst_executed_pipe_fma.sum"
    for r in not_selected selected dispatch_stall long_scoreboard short_scoreboard wait \
      math_pipe_throttle mio_throttle barrier no_instruction sleeping; do
      m="$m,smsp__average_warps_issue_stalled_${r}_per_issue_active.ratio"
    done
    run ncu-l7 ncu --kernel-name regex:'tma_kernel|gemm' --launch-skip 0 --launch-count 2 \
      --metrics "$m" "$bin"/proto3 8192 8192 8192
    run ncu-l6 ncu --target-processes all --kernel-name regex:'tuned_kernel|streamk' \
      --launch-skip 3 --launch-count 1 --metrics "$m" "$bin"/sweep --shape 8192x8192x8192 \
      --levels level6_tuned --baseline none --time-cap 0.05 --out "$dir/l6.json" ;;
  power)
    nvidia-smi "${gpu[@]}" --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active \
      --format=csv -lms 100 >"$dir/smi.csv" &
    smi=$!
    for o in 1 2; do "$bin"/proto3 16384 16384 16384 >>"$dir/power.txt" 2>&1; date +%s.%N >>"$dir/power.txt"; done
    kill "$smi" ;;
  sass)
    cuobjdump -sass "$bin"/sweep | awk '/Function :/ { p = ($3 ~ /tma_kernel/) } p' >"$dir/tma_kernel.sass"
    grep -oE '^\s+/\*[0-9a-f]+\*/\s+[A-Z0-9_.]+' "$dir/tma_kernel.sass" | awk '{print $2}' |
      sed 's/\..*//' | sort | uniq -c | sort -rn >"$dir/mix.txt"
    gzip "$dir/tma_kernel.sass" ;;
  *) echo "level7.sh: unknown step '$step'" >&2; exit 2 ;;
esac
