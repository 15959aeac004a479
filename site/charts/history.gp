# history.gp: % of cuBLAS per kernel over the last published commits at one size.
# Vars: out, dat (one block per kernel: run index, pct; header line = kernel), nseries,
#       size, xt (xtic labels, a gnuplot list built from commit hashes).
# Prints the plot area (terminal and axis coordinates) so the builder can map each point
# to its commit page.
W = 1100; H = 440
load dir . "common.gp"
set title sprintf("%% of cuBLAS at %d, by commit (oldest left)", size)
set xlabel "commit"
set ylabel "% of cuBLAS FP32"
set yrange [0:105]
eval "set xtics (" . xt . ") rotate by -45 left font ',8'"
plot for [i = 0:nseries - 1] dat index i using 1:2 with linespoints ls (i + 1) \
     title columnheader(1)
set print "-"
print GPVAL_TERM_XMIN, GPVAL_TERM_XMAX, GPVAL_TERM_YMIN, GPVAL_TERM_YMAX, \
      GPVAL_X_MIN, GPVAL_X_MAX, GPVAL_Y_MIN, GPVAL_Y_MAX
