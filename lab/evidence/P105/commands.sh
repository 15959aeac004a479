#!/bin/bash
# Issue 23, reductions in vectors on a second GPU (H100 GPU-cc06c2dd), and the fix-up by warps
# (not kept): m24c (0b68f1b), red (cb3982f, the same binary as ../lab/evidence/P104/)
# and fx (cb3982f with fixup-by-warps.diff: streamk_fixup as one-warp CTAs, a warp tile each,
# and pad_b_rows taking several rows a CTA where a row has under 256 vectors). split.txt as in
# the H200 folder; sk.txt: 20 stream-K shapes (the coverage profile's, the seeds' and the
# sections before's); half.txt as in ../lab/evidence/P093/.
# On the GPU machine, from the repository root:
AB_SETS="sk split half seed9001 seed2311 seed4242 seed5150 seed6271 seed7177" tools/evidence/perf.sh ab "m24c red fx" 3
