#!/bin/bash
# call67e.sh TUNING: level 6 beside level6_grid_no_strip at cs and csl (lab/evidence/P423's
# draw67.py), 3 rounds (fs63.sh, $OUT/fs-strip.tar.xz).
set -u
L=level6_tuned,level6_grid_no_strip
bash .device/bin/fs63.sh "$1" 3 "cs:$L" "csl:$L"; echo "fs63 rc=$?"
mv $OUT/fs.tar.xz $OUT/fs-strip.tar.xz
