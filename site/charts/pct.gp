# pct.gp: % of cuBLAS per kernel at one size as bars in each kernel's colour, with the range
# the course material expects for its level drawn beside each bar (hatched box, empty where
# none).
# Vars: out, dat (columns: x, label, pct, expected low, expected high), n, size, styles;
#       optional chart_title, ylabel, range_title, key_below (default: the sgemm family's;
#       the memory family's page draws % of the copy, whose tall bars leave no room inside).
W = 1000; H = 440
load dir . "common.gp"
if (!exists("chart_title")) chart_title = sprintf("%% of cuBLAS at %d (cuBLAS timed in the same run)", size)
if (!exists("ylabel")) ylabel = "% of cuBLAS FP32"
if (!exists("range_title")) range_title = "seeds' expected range"
set title chart_title
set ylabel ylabel
set yrange [0:110]
set xrange [-0.7:n - 0.3]
set xtics rotate by -30 left font ",11"
if (exists("key_below")) { set key below } else { set key inside left top }
set style fill solid 0.85 border -1
set boxwidth 0.38
plot for [i = 0:n - 1] dat every ::i::i using ($1 - 0.2):3:xtic(2) with boxes \
         ls (word(styles, i + 1) + 0) notitle, \
     dat using ($1 - 0.2):3:(sprintf("%.1f", $3)) with labels offset 0, 0.7 font ",10" notitle, \
     dat using ($1 + 0.2):(($4 + $5) / 2):($1 + 0.02):($1 + 0.38):4:5 with boxxyerror \
         fs pattern 4 border lc "#7a4a00" lc "#7a4a00" title range_title
