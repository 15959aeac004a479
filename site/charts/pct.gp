# pct.gp: % of cuBLAS per kernel at one size as bars, with the range the course material
# expects for that level drawn beside each bar (hatched box, empty where none).
# Vars: out, dat (columns: x, label, pct, expected low, expected high), n, size.
W = 1000; H = 440
load dir . "common.gp"
set title sprintf("%% of cuBLAS at %d (cuBLAS timed in the same run)", size)
set ylabel "% of cuBLAS FP32"
set yrange [0:110]
set xrange [-0.7:n - 0.3]
set xtics rotate by -30 left font ",10"
set key inside left top
set style fill solid 0.85 border -1
set boxwidth 0.38
plot dat using ($1 - 0.2):3:xtic(2) with boxes lc "#3a6ea5" title "measured", \
     dat using ($1 - 0.2):3:(sprintf("%.1f", $3)) with labels offset 0, 0.7 font ",9" notitle, \
     dat using ($1 + 0.2):(($4 + $5) / 2):($1 + 0.02):($1 + 0.38):4:5 with boxxyerror \
         fs pattern 4 border lc "#b5651d" lc "#b5651d" title "seeds' expected range"
