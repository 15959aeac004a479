# common.gp: shared look of every chart. One palette for the whole site: the builder gives
# each kernel a style number (the same in every chart of every page) and passes it in.
# Colours: Okabe-Ito's, with its yellow and sky blue replaced by darker tones, so that each
# has at least 3:1 contrast on the white chart background. Point type and dash pattern
# change with the style too, so the charts read without colour. Style 100 is cuBLAS.
set terminal svg size W, H dynamic noenhanced font "DejaVu Sans,13" background "#ffffff"
set output out
set border lw 1 lc "#444444"
set grid lc "#dddddd" lw 1
set key noenhanced samplen 3 spacing 1.1
set datafile separator "\t"
array colour[8] = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#B07800", "#882255", \
                   "#332288", "#999933"]
set style line 100 lc "#000000" lw 2.5 dt 1 pt 7 ps 0.9
do for [i = 1:24] {
    c = colour[(i - 1) % 8 + 1]
    d = (i - 1) / 8 + 1
    set style line i lc rgb c lw 2 dt d pt ((i - 1) % 12 + 2) ps 1
}
