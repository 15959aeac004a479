/* stylesheet.c: style.css, light and dark (pages.h). */
#include "site/pages/common.h"

int page_stylesheet(const struct site_ctx *ctx, char *err, size_t errlen)
{
    static const char css[] =
        ":root{color-scheme:light dark}\n"
        "body{font-family:system-ui,-apple-system,'DejaVu Sans',sans-serif;margin:0;color:#1d1d1f;"
        "background:#fafafa;line-height:1.45}\n"
        "header{display:flex;flex-wrap:wrap;gap:.5em 2em;align-items:baseline;padding:.8em 1.5em;"
        "background:#1f3b57}\n"
        "header a{color:#fff;text-decoration:none;margin-right:1em}.brand{font-weight:700}\n"
        "main{padding:1em 1.5em;max-width:1400px}h1{font-size:1.6em;overflow-wrap:anywhere}"
        "h2{margin-top:1.6em}\n"
        "p,li,summary{overflow-wrap:anywhere}\n"
        "footer{padding:1em 1.5em;color:#666;font-size:.85em}\n"
        ".cards{display:flex;flex-wrap:wrap;gap:1em}.card{background:#fff;border:1px solid #ddd;"
        "border-radius:8px;padding:.5em 1.2em;min-width:min(22em,100%);flex:1;"
        "box-sizing:border-box}\n"
        "table{border-collapse:collapse;font-size:.9em;margin:.5em 0;background:#fff}\n"
        "caption{text-align:left;font-weight:600;padding:.2em 0}\n"
        "th,td{border:1px solid #ddd;padding:.25em .6em;text-align:left;vertical-align:top}\n"
        "th{background:#eef2f6}.num{text-align:right;font-variant-numeric:tabular-nums}\n"
        "tbody th{font-weight:600;white-space:nowrap}\n"
        "figure{margin:.5em 0}img{max-width:100%;height:auto;background:#fff;"
        "border:1px solid #ddd;box-sizing:border-box}\n"
        ".multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(360px,1fr));"
        "gap:.25em .75em}.multiples figure{margin:0}\n"
        ".badge{display:inline-block;padding:.05em .5em;border-radius:4px;font-weight:700}\n"
        ".warn{color:#8a5300}.scroll{overflow-x:auto;max-width:100%}.legend{font-size:.9em}\n"
        ".pass{background:#dff3e3;color:#14532d}.regressed,.invalid{background:#fde2e1;"
        "color:#7f1d1d}.inconclusive{background:#fef3c7;color:#78350f}.none{background:#eee}\n"
        ".count{margin-right:.6em;color:#444}\n"
        ".v-REGRESSED,.v-INVALID{color:#a11;font-weight:700}.v-IMPROVED{color:#176b2c;"
        "font-weight:700}.v-INCONCLUSIVE{color:#8a5a00}\n"
        ".warning{color:#8a5a00}.subject{font-style:italic}.missing{color:#666}\n"
        ".recovered{color:#176b2c}.present{color:#a11;font-weight:700}.triaged{color:#8a5a00}\n"
        ".pager{display:flex;flex-wrap:wrap;gap:.3em 1.5em;margin:.3em 0}.pager a{overflow-wrap:anywhere}"
        "figcaption{font-size:.8em}ul.kernels{columns:18em;padding-left:1.2em}\n"
        ".aside,.gpu{font-size:.85em;font-weight:400}details{font-size:.9em}"
        "td[data-label=measured]{white-space:nowrap}\n"
        /* A table of class stack becomes one card a row on a phone, each cell labelled. */
        "@media (max-width:600px){table.stack,table.stack tbody,table.stack tr,table.stack th,"
        "table.stack td{display:block}table.stack thead{display:none}table.stack tr{margin:.6em 0;"
        "border:1px solid #ddd}table.stack th,table.stack td{border:0;white-space:normal}"
        "table.stack td{text-align:left}"
        "table.stack td::before{content:attr(data-label) \": \";font-weight:600}}\n"
        "@media (max-width:600px){main{padding:.75em}header{padding:.6em .75em}"
        ".multiples{grid-template-columns:1fr}}\n"
        /* Dark mode: the page follows the reader, and so do the charts: inverted, then turned
         * half round the colour wheel, each keeps its hue on a dark panel. */
        "@media (prefers-color-scheme:dark){body{background:#16181c;color:#e4e6ea}"
        "a{color:#8ab4f8}a:visited{color:#c58af9}header{background:#0f2236}"
        "table,.card{background:#1f2227}th{background:#2a2f36}th,td,.card{border-color:#3a3f46}"
        "footer,.missing,.count{color:#a0a4ab}.pass{background:#12391f;color:#b8f0c8}"
        ".regressed,.invalid{background:#4a1513;color:#ffd2cf}.inconclusive{background:#3f3108;"
        "color:#fde68a}.none{background:#2a2f36}.v-REGRESSED,.v-INVALID,.present{color:#ff8a80}"
        ".v-IMPROVED,.recovered{color:#7ee2a0}.v-INCONCLUSIVE,.warning,.warn,.triaged{color:#f5c46b}"
        "img{border-color:#3a3f46;filter:invert(.9) hue-rotate(180deg)}}\n";
    FILE *f = open_out(ctx, "style.css", err, errlen);
    if (!f)
        return -1;
    fputs(css, f);
    return close_out(f, "style.css", err, errlen);
}
