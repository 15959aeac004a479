export PATH=/usr/local/cuda/bin:$PATH
B=.device/bin
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt; cat $B/COMMIT >> $OUT/gpu.txt
H=${HEAD_BIN:-sweep-level6-variant}
tools/ab.sh --base-bin $B/sweep --head-bin $B/$H --profile quick --levels 6 --explain --summary $OUT/$H.md --out $OUT/$H.json > $OUT/$H.txt 2>&1; echo rc=$? >> $OUT/$H.txt
[ -n "${MEMCHECK:-}" ] && bash tools/evidence/perf.sh memcheck
cd $OUT && tar czf r.tgz $(ls | grep -v r.tgz) && rm -rf $(ls | grep -v r.tgz)
