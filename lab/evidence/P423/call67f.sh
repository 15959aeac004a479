#!/bin/bash
# call67f.sh TUNING: level 6 beside level6_grid_no_strip at sf, sk and sh (lab/evidence/P423's
# draw67b.py), 2 rounds (fs63.sh, $OUT/fs-strip2.tar.xz).
set -u
L=level6_tuned,level6_grid_no_strip
bash .device/bin/fs63.sh "$1" 2 "sf:$L" "sk:$L" "sh:$L"; echo "fs63 rc=$?"
mv $OUT/fs.tar.xz $OUT/fs-strip2.tar.xz
