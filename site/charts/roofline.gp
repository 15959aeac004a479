# roofline.gp: the latest run on a roofline. x: arithmetic intensity counting the minimum
# traffic (A and B read once, C written once: 2MNK / 4(MK + KN + MN) FLOP/byte); y: GFLOP/s.
# Vars: out, dat (one block per kernel: intensity, GFLOP/s), nseries, styles (the style
#       number of each block), peak (GFLOP/s),
#       bw (GB/s), peak_label, bw_label.
W = 900; H = 560
load dir . "common.gp"
set title "Roofline of the latest run"
set key below horizontal maxcols 3 width -2
set logscale xy 10
set xlabel "arithmetic intensity (FLOP/byte, minimum traffic)"
set ylabel "GFLOP/s (FP32)"
set xrange [0.1:2000]
set yrange [1:peak * 2]
roof(x) = (x * bw < peak) ? x * bw : peak
set label 1 peak_label at graph 0.98, first peak * 1.35 right font ",10"
set label 2 bw_label at 0.15, 0.15 * bw * 2.2 font ",10" rotate by 28
plot roof(x) with lines lw 3 lc "#222222" dt 1 title "roofline", \
     for [i = 0:nseries - 1] dat index i using 1:2 with points ls (word(styles, i + 1) + 0) ps 1.2 \
     title columnheader(1)
