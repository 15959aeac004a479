// browser_check.cjs: checks a built site in a real browser (Debian's Chromium driven by
// playwright-core) and keeps screenshots of every page type at 1400 and 390 px.
//
//   node browser_check.cjs CHROMIUM SITE_DIR SHOTS_DIR
//
// Checks, each printed as "ok" or "FAIL" (exit 1 on any FAIL):
//   - no page type scrolls sideways at 390 px (document scrollWidth <= the viewport);
//   - layout widths: at 1400 px every table fits its box (no page type needs a sideways
//     scroll of a table); at 390 px every table of class "stack" (a card a row) fits the
//     viewport; the regressions table's rows are at most 200 px tall at 1400;
//   - in dark mode the page and every chart follow the reader (the charts inverted);
//   - each kernel has one colour across every chart of a GPU page;
//   - every chart point's link lands on an element with that id on the target page;
//   - regressions.xml parses as XML and is an Atom feed whose entries carry id, title,
//     updated and a link to an existing row.
'use strict';
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');

const [chrome, site, shots] = process.argv.slice(2);
let failed = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok' : 'FAIL'}: ${what}`);
  if (!ok) failed++;
}

// A gnuplot SVG's series colours, by name. Titled series (key entries) name themselves;
// a history small multiple names its one kernel in its title ("<kernel> at <size>").
function seriesColours(svg) {
  const out = [];
  const title = /<text>([A-Za-z0-9_.-]+) at \d+<\/text>/.exec(svg);
  const groups = svg.split(/<g id="gnuplot_plot_\d+" >/).slice(1);
  for (const g of groups) {
    const name = /^<title>([^<]*)<\/title>/.exec(g);
    // The series' own colour: gnuplot writes it single-quoted (a double-quoted one at the
    // group's start is the state left by the series before).
    const rgb = /(?:stroke|color)='rgb\(\s*(\d+),\s*(\d+),\s*(\d+)\)'/.exec(g);
    if (!name || !rgb) continue;
    const colour = rgb.slice(1, 4).join(',');
    const [r, g2, b] = rgb.slice(1, 4);
    if (r === g2 && g2 === b) continue; // cuBLAS, the roofline, markers and frames: greys
    if (!name[1].startsWith('gnuplot_plot_')) out.push([name[1], colour]);
    else if (title && colour !== '141,169,196') out.push([title[1], colour]); // not the band
  }
  return out;
}

function idsOf(file) {
  const html = fs.readFileSync(file, 'utf8');
  return new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
}

// Every link with a fragment from page (relative hrefs) must land on an id.
function checkAnchors(page, pattern, what) {
  const html = fs.readFileSync(page, 'utf8');
  const cache = new Map();
  let links = 0, broken = 0;
  for (const m of html.matchAll(pattern)) {
    const [file, frag] = m[1].split('#');
    const target = path.join(path.dirname(page), decodeURIComponent(file));
    if (!cache.has(target)) cache.set(target, fs.existsSync(target) ? idsOf(target) : new Set());
    links++;
    if (!cache.get(target).has(decodeURIComponent(frag))) {
      broken++;
      if (broken <= 3) console.log(`  no id '${frag}' in ${target}`);
    }
  }
  check(links > 0 && broken === 0, `${what}: ${links} links, ${broken} without their row`);
}

(async () => {
  const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox'] });
  const gpus = fs.readdirSync(path.join(site, 'gpu'));
  const gpuDir = path.join(site, 'gpu', gpus[0]);
  const commits = fs.readdirSync(path.join(gpuDir, 'runs')).sort();
  const kernels = fs.readdirSync(gpuDir).filter((f) => /^kernel-.*\.html$/.test(f)).sort();
  // A sweep that failed as a whole: its commit page, when the history has one.
  const failedRun = commits.find((c) => /points, every one/.test(fs.readFileSync(path.join(gpuDir, 'runs', c), 'utf8')));
  const pages = {
    index: 'index.html',
    regressions: 'regressions.html',
    gpu: `gpu/${gpus[0]}/index.html`,
    runs: `gpu/${gpus[0]}/runs.html`,
    commit: `gpu/${gpus[0]}/runs/${commits[commits.length - 1]}`,
    kernel: `gpu/${gpus[0]}/${kernels.includes('kernel-level6_tuned.html') ? 'kernel-level6_tuned.html' : kernels[0]}`,
  };
  if (failedRun) pages.failed = `gpu/${gpus[0]}/runs/${failedRun}`;
  check(kernels.length > 0, `${gpus[0]}: ${kernels.length} kernel pages`);
  for (const scheme of ['light', 'dark']) {
    for (const [width, height] of [[1400, 900], [390, 844]]) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme });
      const tab = await context.newPage();
      for (const [name, rel] of Object.entries(pages)) {
        await tab.goto('file://' + path.resolve(site, rel));
        const suffix = scheme === 'dark' ? '-dark' : '';
        await tab.screenshot({ path: path.join(shots, `${name}-${width}${suffix}.png`), fullPage: true });
        const m = await tab.evaluate(() => ({
          scroll: [document.documentElement.scrollWidth, window.innerWidth],
          tables: [...document.querySelectorAll('table')].map((t) => ({
            width: Math.ceil(t.getBoundingClientRect().width),
            box: Math.floor(t.parentElement.clientWidth),
            stack: t.classList.contains('stack'),
            caption: (t.caption ? t.caption.textContent : '').slice(0, 40),
            tallest: Math.max(0, ...[...t.tBodies].flatMap((b) => [...b.rows]).map((r) => r.getBoundingClientRect().height)),
          })),
          bg: getComputedStyle(document.body).backgroundColor,
          filters: [...document.querySelectorAll('img')].map((i) => getComputedStyle(i).filter),
        }));
        if (scheme === 'light' && width === 390)
          check(m.scroll[0] <= m.scroll[1], `${name} at 390 px: scrollWidth ${m.scroll[0]} <= ${m.scroll[1]}`);
        if (scheme === 'light') {
          const wide = m.tables.filter((t) => (width === 1400 || t.stack) && t.width > t.box);
          check(wide.length === 0, `${name} at ${width} px: ${m.tables.length} tables, each within its box` +
                wide.map((t) => ` (too wide: '${t.caption}' ${t.width} > ${t.box})`).join(''));
        }
        if (scheme === 'light' && width === 1400 && name === 'regressions') {
          const tall = Math.max(...m.tables.filter((t) => t.stack).map((t) => t.tallest));
          check(tall > 0 && tall <= 200, `regressions at 1400 px: the tallest row ${tall} px <= 200`);
        }
        if (scheme === 'dark' && width === 1400) {
          check(m.bg === 'rgb(22, 24, 28)', `${name} dark: the page background follows the reader (${m.bg})`);
          check(m.filters.every((f) => f.includes('invert')), `${name} dark: ${m.filters.length} charts inverted`);
        }
      }
      await context.close();
    }
  }

  for (const gpu of gpus) {
    const dir = path.join(site, 'gpu', gpu);
    const colours = new Map();
    let series = 0;
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
      for (const [name, colour] of seriesColours(fs.readFileSync(path.join(dir, f), 'utf8'))) {
        if (!colours.has(name)) colours.set(name, new Set());
        colours.get(name).add(colour);
        series++;
      }
    }
    const mixed = [...colours].filter(([, c]) => c.size !== 1).map(([n, c]) => `${n}: ${[...c].join(' / ')}`);
    check(colours.size > 1 && mixed.length === 0,
          `${gpu}: ${colours.size} kernels in ${series} series, one colour each ${mixed.join('; ')}`);
    checkAnchors(path.join(dir, 'index.html'), /<area [^>]*href="(runs\/[^"]+#[^"]+)"/g,
                 `${gpu}: history chart points`);
  }
  checkAnchors(path.join(site, 'regressions.html'), /href="(gpu\/[^"]+#[^"]+)"/g,
               'regressions page links');

  // The Atom feed, parsed by the browser's XML parser.
  const tab = await browser.newPage();
  await tab.goto('file://' + path.resolve(site, 'index.html'));
  const xml = fs.readFileSync(path.join(site, 'regressions.xml'), 'utf8');
  const feed = await tab.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length) return { error: doc.documentElement.textContent };
    const ns = 'http://www.w3.org/2005/Atom';
    const root = doc.documentElement;
    const entries = [...doc.getElementsByTagNameNS(ns, 'entry')].map((e) => ({
      id: e.getElementsByTagNameNS(ns, 'id')[0]?.textContent,
      title: e.getElementsByTagNameNS(ns, 'title')[0]?.textContent,
      updated: e.getElementsByTagNameNS(ns, 'updated')[0]?.textContent,
      link: e.getElementsByTagNameNS(ns, 'link')[0]?.getAttribute('href'),
    }));
    return { root: root.localName, ns: root.namespaceURI, entries };
  }, xml);
  check(!feed.error, `regressions.xml parses as XML ${feed.error || ''}`);
  check(feed.root === 'feed' && feed.ns === 'http://www.w3.org/2005/Atom', 'regressions.xml is an Atom feed');
  const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
  const bad = (feed.entries || []).filter((e) => {
    if (!e.id || !e.id.startsWith('urn:') || !e.title || !rfc3339.test(e.updated || '') || !e.link) return true;
    const [file, frag] = e.link.split('#');
    const target = path.join(site, decodeURIComponent(file));
    return !fs.existsSync(target) || !idsOf(target).has(decodeURIComponent(frag));
  });
  check(feed.entries && feed.entries.length > 0 && bad.length === 0,
        `regressions.xml: ${feed.entries ? feed.entries.length : 0} entries, ${bad.length} incomplete or unlinked`);
  await browser.close();
  console.log(`${failed ? 'FAILED' : 'passed'}: browser checks`);
  process.exit(failed ? 1 : 0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
