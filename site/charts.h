/* charts.h: run gnuplot on the scripts in site/charts. Every chart is gnuplot's SVG;
 * the builder only writes tab-separated data files and reads back the plot area. */
#ifndef SGEMM_BENCH_SITE_CHARTS_H
#define SGEMM_BENCH_SITE_CHARTS_H

#include <stddef.h>

struct plot_area {
    double term_xmin, term_xmax, term_ymin, term_ymax; /* SVG pixels, y from the bottom */
    double xmin, xmax, ymin, ymax;                     /* axis values */
};

/* Runs `gnuplot -e "dir='<script_dir>/'; <vars>" <script_dir>/<script>`. When area is
 * non-NULL the script must print the plot area (see history.gp). Returns 0, or -1 with
 * gnuplot's message in err. */
int chart_run(const char *script_dir, const char *script, const char *vars,
              struct plot_area *area, char *err, size_t errlen);

/* A series name made safe for a gnuplot data file and an SVG: [A-Za-z0-9_.-] kept, the
 * rest '_'. Untrusted names never reach gnuplot's command line. */
void chart_safe_name(const char *in, char *out, size_t cap);

/* 1 when path can go inside a single-quoted gnuplot string. */
int chart_path_ok(const char *path);

#endif
