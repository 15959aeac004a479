# history.gp: one kernel's % of its reference at one shape over the published runs: a small
# multiple. The y range follows the data; the band is the reference's tolerance; bars are
# each point's noise; a black triangle marks a run that regressed against the one before;
# a run without the point leaves a gap (a blank line in the data); a step across runs
# (site/changepoint.h) is a line between the last run before it and the first after: a
# slower step dashed red with a down triangle at its top, a faster one dash-dotted blue
# with an up triangle (told apart without colour).
# Vars: out, dat (columns: x, pct, noise, regressed 0/1), ls_k (the kernel's style),
#       runs (the window's runs: x 0 .. runs - 1), name, shape (its text), ylabel, band_lo, band_hi (the band; band_hi <= band_lo:
#       none), xt (x tics),
#       steps_down, steps_up (the slower and faster steps' x positions, numbers separated
#       by spaces; "" for none),
#       events (the x positions of known changes, the same way: a dotted grey line each).
# Prints the plot area (terminal and axis coordinates) so the builder can map each point
# to its row on its commit page.
W = 360; H = 230
load dir . "common.gp"
set title sprintf("%s at %s", name, shape) font ",12"
set ylabel ylabel font ",11"
set tics font ",10"
set lmargin 9
set key off
# x: every run of the window, a gap at either end too, so the end tics always show
set xrange [-0.6:runs - 0.4]
set offsets 0, 0, graph 0.15, graph 0.15
eval "set xtics (" . xt . ")"
set style fill transparent solid 0.18 noborder
do for [s in steps_down] {
    set arrow from s + 0, graph 0 to s + 0, graph 1 nohead dt 2 lw 1.5 lc "#a11111"
    set label "▼" at s + 0, graph 0.97 center textcolor "#a11111" font ",9"
}
do for [s in steps_up] {
    set arrow from s + 0, graph 0 to s + 0, graph 1 nohead dt 4 lw 1.5 lc "#0b5cad"
    set label "▲" at s + 0, graph 0.97 center textcolor "#0b5cad" font ",9"
}
do for [e in events] { set arrow from e + 0, graph 0 to e + 0, graph 1 nohead dt 3 lw 1 lc "#777777" }
plot (band_hi > band_lo ? band_lo : NaN) with filledcurves y1 = band_hi lc rgb "#8da9c4" notitle, \
     dat using 1:2:3 with yerrorbars ls ls_k pt 7 ps 0.5 notitle, \
     dat using 1:2 with lines ls ls_k notitle, \
     dat using 1:($4 > 0 ? $2 : NaN) with points pt 11 ps 1.6 lc "#000000" notitle
set print "-"
print GPVAL_TERM_XMIN, GPVAL_TERM_XMAX, GPVAL_TERM_YMIN, GPVAL_TERM_YMAX, \
      GPVAL_X_MIN, GPVAL_X_MAX, GPVAL_Y_MIN, GPVAL_Y_MAX
