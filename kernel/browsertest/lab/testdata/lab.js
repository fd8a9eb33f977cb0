// lab.js: a JupyterLab page in headless Chromium, for the checks in checks/.
//
// Lab.open(url, outDir) launches Debian's Chromium through playwright-core,
// loads the front end (src/index.js) and waits until the notebook's kernel
// is connected and idle. The methods drive the page the way a user does
// (keyboard, toolbar buttons) or through window.gophernoteLab (the front
// end's model helpers) where the UI path is not what is being tested.
'use strict';
const path = require('path');
const { chromium } = require('playwright-core');

// percentile returns the p-th percentile (0..100, nearest rank) of values,
// for the BENCH lines a check reports.
function percentile(values, p) {
  const v = [...values].sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))];
}

class Lab {
  constructor(browser, page, outDir) {
    this.browser = browser;
    this.page = page;
    this.outDir = outDir;
    this.log = []; // console messages and page errors
    this.requests = []; // failed requests and HTTP errors: [status, url]
    this.shots = []; // screenshot paths
  }

  static async open(url, outDir, { width = 1200, height = 1400 } = {}) {
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu',
        '--disable-component-update', '--no-first-run', '--disable-sync',
        '--disable-dev-shm-usage']
    });
    const page = await browser.newPage({ viewport: { width, height } });
    const lab = new Lab(browser, page, outDir);
    page.on('console', (m) => lab.log.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => lab.log.push(`pageerror: ${e.message}`));
    page.on('requestfailed', (r) => lab.requests.push([0, r.url()]));
    page.on('response', (r) => { if (r.status() >= 400) lab.requests.push([r.status(), r.url()]); });
    lab.step = 'load the page';
    const t0 = Date.now();
    await page.goto(url, { waitUntil: 'load', timeout: 60000 });
    lab.step = 'wait for the notebook and its kernel';
    await page.waitForFunction(() => {
      if (window.gophernoteLabError) throw new Error(window.gophernoteLabError);
      return window.gophernoteLab && window.gophernoteLab.ready &&
        window.gophernoteLab.kernelStatus() === 'idle';
    }, null, { timeout: 60000, polling: 100 });
    lab.openMillis = Date.now() - t0;
    return lab;
  }

  // evaluate runs fn(window.gophernoteLab, arg) in the page.
  evaluate(fn, arg) {
    return this.page.evaluate(([src, a]) => {
      // eslint-disable-next-line no-new-func
      const f = new Function('return ' + src)();
      return f(window.gophernoteLab, a);
    }, [fn.toString(), arg]);
  }

  cells() { return this.evaluate((g) => g.cells()); }
  kernelStatus() { return this.evaluate((g) => g.kernelStatus()); }

  // runAll runs every cell and resolves when the last one has replied.
  async runAll(timeout = 300000) {
    await this.evaluate((g) => g.runAll());
    await this.waitIdle(timeout);
  }

  // run runs code cell i (as the Run button) and waits for the kernel.
  async run(i, timeout = 120000) {
    await this.evaluate((g, i) => g.run(i), i);
    await this.waitIdle(timeout);
  }

  // append adds a code cell with source at the end; returns its index.
  append(source) { return this.evaluate((g, s) => g.appendCell(s), source); }

  // waitIdle waits until the kernel is idle and no cell is queued or
  // running ([*]).
  async waitIdle(timeout = 120000) {
    await this.page.waitForFunction(() => window.gophernoteLab.kernelStatus() === 'idle' &&
      !window.gophernoteLab.cells().some((c) => c.running), null, { timeout, polling: 100 });
  }

  // start starts running cell i without waiting for it.
  start(i) { return this.evaluate((g, i) => { g.run(i); }, i); }

  // findCell returns the index of the first code cell whose source
  // contains text; it throws when there is none.
  async findCell(text) {
    const i = (await this.cells()).findIndex((c) => c.type === 'code' && c.source.includes(text));
    if (i < 0) throw new Error(`no cell contains ${JSON.stringify(text)}`);
    return i;
  }

  // cell returns a locator of cell i's DOM node.
  cell(i) { return this.page.locator('.jp-Notebook .jp-Cell').nth(i); }

  // widgets returns a locator of the Jupyter widget views (ipywidgets'
  // DOM, class jupyter-widgets) in cell i's outputs.
  widgets(i) { return this.outputs(i).locator('.jupyter-widgets'); }

  // toolbarButton returns the notebook toolbar's button named name
  // (save, insert, run, interrupt, restart, restart-and-run, ...).
  toolbarButton(name) { return this.page.locator(`.jp-Toolbar-item[data-jp-item-name="${name}"] jp-button`); }

  // typeInNewCell appends an empty code cell, focuses its editor and types
  // text with the keyboard (CodeMirror closes brackets as in Lab); it
  // returns the cell's index.
  async typeInNewCell(text) {
    const i = await this.append('');
    await this.cell(i).locator('.cm-content').click();
    await this.page.keyboard.type(text, { delay: 20 });
    return i;
  }

  // source returns cell i's current source.
  async source(i) { return (await this.cells())[i].source; }

  // measureSVGText lays an SVG document out inline in the page (with the
  // fonts this browser has) and reports, for every <text>, its rendered
  // box against the SVG's own box and the width gonum/plot gave it
  // (textLength, when present). With unfitted true the textLength
  // attributes are removed first: the text as an SVG without them shows.
  measureSVGText(svg, unfitted = false) {
    return this.page.evaluate(([svg, unfitted]) => {
      const host = document.createElement('div');
      host.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden';
      host.innerHTML = svg.replace(/^<\?xml[^>]*>/, '');
      document.body.appendChild(host);
      const root = host.querySelector('svg');
      if (unfitted) root.querySelectorAll('text').forEach((t) => { t.removeAttribute('textLength'); t.removeAttribute('lengthAdjust'); });
      const box = root.getBoundingClientRect();
      const scale = root.viewBox.baseVal.width / box.width; // px -> SVG units
      const texts = [...root.querySelectorAll('text')].map((t) => {
        const r = t.getBoundingClientRect();
        return {
          text: t.textContent,
          family: getComputedStyle(t).fontFamily,
          left: (r.left - box.left) * scale,
          right: (r.right - box.left) * scale,
          top: (r.top - box.top) * scale,
          bottom: (r.bottom - box.top) * scale,
          rendered: t.getComputedTextLength(),
          want: t.hasAttribute('textLength') ? parseFloat(t.getAttribute('textLength')) : null
        };
      });
      const vb = root.viewBox.baseVal;
      host.remove();
      return { width: vb.width, height: vb.height, texts };
    }, [svg, unfitted]);
  }

  // installedFont reports whether the browser has a font named family
  // (text measured in it differs from the fallback's).
  installedFont(family) {
    return this.page.evaluate((family) => {
      const c = document.createElement('canvas').getContext('2d');
      const w = (f) => { c.font = f; return c.measureText('Legend label 0123456789 WMil').width; };
      return w(`16px "${family}", monospace`) !== w('16px monospace') ||
        w(`16px "${family}", serif`) !== w('16px serif');
    }, family);
  }

  // outputs returns a locator of the rendered outputs of cell i.
  outputs(i) { return this.cell(i).locator('.jp-OutputArea-output'); }

  // errorOutputs lists the text of every error output in the notebook.
  errorOutputs() {
    return this.evaluate((g) => g.cells().flatMap((c) => c.outputs
      .filter((o) => o.output_type === 'error')
      .map((o) => `cell ${c.index}: ${o.ename}: ${o.evalue}`)));
  }

  // shownMime reports, for each output of cell i, which renderer Lab used
  // (the jp-Rendered* class) and for images the data URL's MIME type.
  shownMime(i) {
    return this.outputs(i).evaluateAll((els) => els.map((el) => {
      const img = el.querySelector('img');
      const cls = [...el.classList].find((c) => c.startsWith('jp-Rendered')) || '';
      let mime = '';
      if (img && img.src.startsWith('data:')) mime = img.src.slice(5, img.src.search(/[;,]/));
      const box = img ? img.getBoundingClientRect() : { width: 0, height: 0 }; // shown size; natural = pixels
      return { renderer: cls, mime, width: img ? img.naturalWidth : 0, height: img ? img.naturalHeight : 0,
        shownWidth: Math.round(box.width), shownHeight: Math.round(box.height) };
    }));
  }

  // focusEditor puts the cursor of cell i's editor at (line, column), in
  // edit mode, by clicking into it and moving with the keyboard.
  async focusEditor(i, line, column) {
    await this.evaluate((g, i) => { g.select(i); }, i);
    const editor = this.cell(i).locator('.cm-content');
    await editor.click();
    await this.page.keyboard.press('Control+Home');
    for (let l = 0; l < line; l++) await this.page.keyboard.press('ArrowDown');
    await this.page.keyboard.press('Home');
    for (let c = 0; c < column; c++) await this.page.keyboard.press('ArrowRight');
  }

  // screenshot saves the page (or one locator) as outDir/name.png.
  async screenshot(name, locator) {
    const file = path.join(this.outDir, name + '.png');
    if (locator) await locator.screenshot({ path: file });
    else await this.page.screenshot({ path: file, fullPage: false });
    this.shots.push(file);
    return file;
  }

  // screenshotNotebook saves the whole notebook (the viewport grown to its
  // height) as outDir/name.png.
  async screenshotNotebook(name) {
    const vp = this.page.viewportSize();
    const h = await this.page.evaluate(() =>
      document.querySelector('.jp-WindowedPanel-outer').scrollHeight +
      document.querySelector('.jp-Toolbar').getBoundingClientRect().height + 40);
    await this.page.setViewportSize({ width: vp.width, height: Math.min(Math.max(h, vp.height), 16000) });
    await this.page.evaluate(() => { document.querySelector('.jp-WindowedPanel-outer').scrollTop = 0; });
    await this.page.waitForTimeout(300);
    const file = await this.screenshot(name);
    await this.page.setViewportSize(vp);
    return file;
  }

  // runNotebook runs every cell, saves the notebook through the front end
  // and screenshots it as name; it returns what the Go test checks of any
  // notebook: errors, execution counts, the saved state, per-cell renderers.
  async runNotebook(name, timeout = 300000) {
    const t0 = Date.now();
    this.step = 'run all cells';
    await this.runAll(timeout);
    const runMillis = Date.now() - t0;
    this.step = 'save the notebook';
    const saved = await this.evaluate((g) => g.save());
    await this.screenshotNotebook(name);
    const cells = await this.cells();
    return {
      runMillis,
      saved,
      errors: await this.errorOutputs(),
      counts: cells.filter((c) => c.type === 'code').map((c) => c.executionCount),
      shown: await Promise.all(cells.map((c) => this.shownMime(c.index)))
    };
  }

  // svgOutputs returns the SVG documents among the outputs, with their cell.
  async svgOutputs() {
    return (await this.cells()).flatMap((c) => c.outputs
      .filter((o) => o.data && o.data['image/svg+xml'])
      .map((o) => ({ cell: c.index, svg: [].concat(o.data['image/svg+xml']).join('') })));
  }

  async close() { await this.browser.close(); }
}

module.exports = { Lab, percentile };
