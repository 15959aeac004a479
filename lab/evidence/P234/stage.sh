#!/bin/bash
# stage.sh BUILD SET: the fine tile forced with C stored by lanes (direct) and staged, 2 runs
set -u
bin=.device/bin B=$1 set=$2
[ -x $bin/$B-sweep_tuning ] || python3 -c 'import lzma,sys; open(sys.argv[2],"wb").write(lzma.open(sys.argv[1]).read())' $bin/$B-sweep_tuning.xz $bin/$B-sweep_tuning
chmod +x $bin/$B-sweep_tuning
mkdir -p $OUT/st
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
shapes=(); while read -r s; do shapes+=(--shape "$s"); done < $bin/$set.txt
for r in 1 2; do
  $bin/$B-sweep_tuning --levels level6_grid_short_k_bk16_s4_direct,level6_grid_short_k_bk16_s4_staged "${shapes[@]}" --baseline none --out $OUT/st/$set-$r.json > $OUT/st/$set-$r.out 2>&1
  echo "run $r rc=$?"
done
tar cJf $OUT/st.tar.xz -C $OUT st && rm -rf $OUT/st
