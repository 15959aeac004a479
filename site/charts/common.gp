# common.gp: shared look of every chart. Each series gets its own colour AND its own point
# type and dash pattern, so the charts read without colour too.
set terminal svg size W, H dynamic noenhanced font "DejaVu Sans,12" background "#ffffff"
set output out
set border lw 1 lc "#444444"
set grid lc "#dddddd" lw 1
set key outside right top vertical Left reverse noenhanced samplen 3 spacing 1.1
set datafile separator "\t"
set style line 100 lc "#000000" lw 2.5 dt 1 pt 7 ps 0.9
do for [i = 1:12] {
    d = i % 5 + 1
    p = i % 12 + 1
    set style line i lw 1.8 dt d pt p ps 0.9
}
