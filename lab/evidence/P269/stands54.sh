#!/bin/bash
# stands54.sh SKIP: two builds of level 6, alternating, on a GPU outside the sets' level-6
# runs (SKIP: their UUID prefixes, comma-separated): the coverage, llm and squares profiles,
# the sets in SETS and the eighteen seed sets (the sixteen of sessions 52-53, and 14141
# and 15151 drawn in session 54), 2 rounds; then CHECK's checks (memcheck with the sets in
# CHECK_SETS, the gate's absolute full run). With NCU=1, also Nsight Compute's full set on
# one launch of CHECK's small-M kernel at 29x9606x14529 (its details and its SASS with
# stall reasons, as CSV). Packed into $OUT/results.tar.xz.
#   BUILDS      the two builds (default "s53 s54c": where the landed build stands)
#   CHECK       the build checked (default s54c)
#   SETS        default "half1 sm54"
#   CHECK_SETS  default "half1 sm54"
# Session 54 ran it three times: with the defaults (session54-stands-*), and with
# BUILDS="s54c s54d" CHECK=s54d SETS="half1 sm54 smstrip" CHECK_SETS="sm54 smstrip"
# (session54-smbatch-*), and the same with s54e for s54d (session54-smbatch2-*). Those two
# ran as copies of this script with the values written in (stands54d.sh, stands54e.sh).
set -u
builds=${BUILDS:-s53 s54c}
check=${CHECK:-s54c}
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | head -n 1)
for s in ${1//,/ }; do case "$uuid" in "$s"*) echo "stands54: $uuid is in the set" >&2; exit 3 ;; esac; done
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
sets=${SETS:-half1 sm54}; for f in .device/bin/seed*.txt; do sets="$sets $(basename $f .txt)"; done
AB_SETS="$sets" timeout 400 tools/evidence/perf.sh ab "$builds" 2 > /dev/null 2>&1; echo "ab rc=$?"
timeout 120 tools/evidence/perf.sh checks "$check" ${CHECK_SETS:-half1 sm54} > $OUT/checks.txt 2>&1
echo "checks rc=$?"
if [ "${NCU:-0}" = 1 ]; then
  mkdir -p $OUT/ncu
  timeout 150 ncu --target-processes all --set full --import-source no --kernel-name-base mangled \
    -k regex:small_m_kernel --launch-skip 2 --launch-count 1 -o $OUT/ncu/small-m \
    .device/bin/$check-sweep --levels level6_tuned --family sgemm --shape 29x9606x14529 \
    --time-cap 1 --baseline none --out $OUT/ncu/sweep.json > $OUT/ncu/ncu.out 2>&1
  echo "ncu rc=$?"
  ncu --import $OUT/ncu/small-m.ncu-rep --page details --csv > $OUT/ncu/details.csv 2>&1
  ncu --import $OUT/ncu/small-m.ncu-rep --page source --print-source sass --csv > $OUT/ncu/sass.csv 2>&1
  rm -f $OUT/ncu/small-m.ncu-rep
fi
(cd $OUT && tar cJf results.tar.xz perf-ab checks $( [ -d ncu ] && echo ncu ) && rm -rf perf-ab checks ncu)
