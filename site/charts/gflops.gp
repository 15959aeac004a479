# gflops.gp: a family's rate against size on a log2 axis (GFLOP/s against M = N = K, or
# for the memory family GB/s against elements), the latest run (lines) and the baseline
# (the same colour and marker, no line) overlaid, from the smallest size judged;
# launch-bound sizes are in a table on the page instead.
# Vars: out, cur, base (one block per series, header line = series name), nseries,
#       styles (the style number of each series, in order), ymax, base_title;
#       optional chart_title, xlabel, ylabel (default: the sgemm family's).
W = 900; H = 560
load dir . "common.gp"
if (!exists("chart_title")) chart_title = "GFLOP/s against matrix size (M = N = K)"
if (!exists("xlabel")) xlabel = "matrix size M = N = K (log2 scale)"
if (!exists("ylabel")) ylabel = "GFLOP/s (FP32)"
set title chart_title
set logscale x 2
set xlabel xlabel
set ylabel ylabel
set yrange [0:ymax]
set format x "%.0f"
set offsets graph 0.03, graph 0.03, 0, 0
set key below horizontal maxcols 3 width -2
plot for [i = 0:nseries - 1] cur index i using 1:2 with linespoints \
         ls (word(styles, i + 1) + 0) title columnheader(1), \
     for [i = 0:nseries - 1] base index i using 1:2 with points \
         ls (word(styles, i + 1) + 0) ps 0.7 notitle, \
     NaN with points lc "#444444" pt 2 ps 0.7 title base_title
