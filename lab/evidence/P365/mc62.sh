#!/bin/bash
# mc62.sh BUILD SHAPE...: memcheck of level 6 (BUILD's sweep) at each shape, then a plain
# sweep of them (each point checked against cuBLAS); to $OUT/mc62/.
set -u
bin=.device/bin B=$1; shift
tools/evidence/unpack.sh "$B" || exit 1
mkdir -p $OUT/mc62
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
shapes=(); for s in "$@"; do shapes+=(--shape "$s"); done
timeout 250 compute-sanitizer --tool memcheck --leak-check no --error-exitcode 99 $bin/$B-sweep --levels level6_tuned \
  "${shapes[@]}" --time-cap 0.01 --baseline none --out $OUT/mc62/memcheck.json > $OUT/mc62/memcheck.out 2>&1
echo "memcheck rc=$?"; grep -h "ERROR SUMMARY" $OUT/mc62/memcheck.out | sort | uniq -c
timeout 120 $bin/$B-sweep --levels level6_tuned "${shapes[@]}" --baseline none --out $OUT/mc62/sweep.json > $OUT/mc62/sweep.out 2>&1
echo "sweep rc=$?"
