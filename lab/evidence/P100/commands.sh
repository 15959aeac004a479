#!/bin/bash
# Issue 23, C shifted by warp shuffles (docs/PERF.md, "C shifted by shuffles, not kept"), H100
# GPU-3205ac23: base (the 75ed773 build, 5c3f0d4's kernel), sh1 (shifted.diff with
# L6_C_STAGING 1: an unaligned C's own 4-byte stores become the aligned vectors that hold them)
# and sh2 (shifted.diff as it is, L6_C_STAGING 0: no staging of C at all, the lines, columns and
# fix-up shifted too), each built here and copied to .device/bin/NAME-sweep.xz.
# The run was ../lab/evidence/P092/commands.sh (its extra shapes x; half.txt from
# ../lab/evidence/P093/ in .device/bin) with BUILDS="base sh1 sh2", and, before its
# closing tar, each build's registers into r/res-BUILD.txt:
#   for b in base sh1 sh2; do
#     cuobjdump -res-usage .device/bin/$b-sweep 2>&1 | grep -A1 -E "tuned_kernel|streamk" >$d/res-$b.txt
#   done
BUILDS="base sh1 sh2" bash lab/evidence/P092/commands.sh
