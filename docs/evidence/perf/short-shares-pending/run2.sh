#!/bin/bash
# Device call 2 of 2 (prepared in session 40, not yet run): the no-room build and head on
# sk.txt's and flip.txt's shapes (no-room: every point valid, no streamk_kernel launch),
# then short's checks (memcheck, memcheck of the flip and sk shapes, the gate's full run).
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > "$OUT/gpu2.txt"
b=.device/bin
python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' $b/noroom-sweep.xz $b/noroom-sweep && chmod +x $b/noroom-sweep
mkdir -p "$OUT/noroom"
shapes=(); while read -r s; do shapes+=(--shape "$s"); done < <(cat $b/sk.txt $b/flip.txt)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
for x in noroom head; do
  $b/$x-sweep --levels 6 "${shapes[@]}" --baseline none --out "$OUT/noroom/$x.json" > "$OUT/noroom/$x.out" 2>&1
  echo "$x rc=$?" >> "$OUT/noroom/summary.txt"
done
timeout 400 tools/evidence/perf.sh checks short flip sk > "$OUT/checks.txt" 2>&1
cd "$OUT" && tar cJf results2.tar.xz checks noroom && rm -rf checks noroom
