# gflops.gp: GFLOP/s against square matrix size (log2 axis) for every kernel and cuBLAS,
# the latest run (left) beside the baseline (right), on one y scale.
# Vars: out, cur, base (data files: one block per series, header line = series name),
#       nseries, ymax, title_cur, title_base.
W = 1100; H = 560
load dir . "common.gp"
set multiplot layout 1, 2 title "GFLOP/s against matrix size (M = N = K)"
set logscale x 2
set xlabel "matrix size M = N = K"
set ylabel "GFLOP/s (FP32)"
set yrange [0:ymax]
set format x "%.0f"
set key below horizontal maxcols 3 font ",9" spacing 0.9 width -4
set title title_cur
plot for [i = 0:nseries - 1] cur index i using 1:2 with linespoints \
     ls (i == nseries - 1 ? 100 : i + 1) title columnheader(1)
set title title_base
plot for [i = 0:nseries - 1] base index i using 1:2 with linespoints \
     ls (i == nseries - 1 ? 100 : i + 1) title columnheader(1)
unset multiplot
