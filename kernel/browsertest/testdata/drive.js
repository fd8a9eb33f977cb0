// drive.js URL SCREENSHOT [tour]
//
// Opens a classic Jupyter Notebook page in headless Chromium, runs every
// cell, waits for an inline PNG image and a MathJax-typeset formula in the
// outputs, saves a full-page screenshot and prints one JSON line with what
// it found. Exits non-zero (with the reason on stderr) when something does
// not appear in time. Used by browser_test.go.
//
// With the third argument "tour" it runs a whole notebook instead: it waits
// until every code cell has run, accepts the plot as PNG or SVG (the notebook
// prefers SVG when a bundle has both), and saves the notebook through the
// front end so the test can compare its outputs with `gophernote run`.
'use strict';
const { chromium } = require('playwright-core');

const [url, shot, mode] = process.argv.slice(2);
const tour = mode === 'tour';
if (!url || !shot) {
  console.error('usage: node drive.js URL SCREENSHOT');
  process.exit(2);
}

(async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu',
      '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const log = [];
  const requests = [];
  let step = 'start';
  let page;
  try {
    page = await browser.newPage({ viewport: { width: 1100, height: 1200 } });
    page.on('console', (m) => log.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => log.push(`pageerror: ${e.message}`));
    page.on('request', (r) => requests.push(r.url()));

    step = 'load the notebook page';
    await page.goto(url, { waitUntil: 'load', timeout: 60000 });
    step = 'wait for the gophernote kernel to connect';
    await page.waitForFunction(() => window.Jupyter && Jupyter.notebook && Jupyter.notebook.kernel &&
      Jupyter.notebook.kernel.is_connected() && Jupyter.notebook.kernel.name === 'gophernote',
    null, { timeout: 60000 });
    step = 'run all cells';
    await page.evaluate(() => Jupyter.notebook.execute_all_cells());
    if (tour) {
      step = 'wait for every code cell to run';
      await page.waitForFunction(() => !Jupyter.notebook.kernel_busy &&
        Jupyter.notebook.get_cells().every((c) => c.cell_type !== 'code' || typeof c.input_prompt_number === 'number'),
      null, { timeout: 180000 });
    }
    step = tour ? 'wait for an inline plot (PNG or SVG)' : 'wait for an inline PNG <img>';
    const imgSel = tour
      ? '.output_area img[src^="data:image/png;base64,"], .output_area .output_svg svg, .output_area img[src^="data:image/svg"]'
      : '.output_area img[src^="data:image/png;base64,"]';
    const img = await page.waitForSelector(imgSel, { timeout: 90000 });
    const png = await img.evaluate(async (e) => {
      if (e.tagName.toLowerCase() !== 'img') {
        const r = e.getBoundingClientRect();
        return { width: Math.round(r.width), height: Math.round(r.height), kind: 'svg' };
      }
      await e.decode();
      const r = e.getBoundingClientRect(); // shown size; natural = pixels
      return { width: e.naturalWidth, height: e.naturalHeight, shownWidth: Math.round(r.width), shownHeight: Math.round(r.height), kind: 'img' };
    });
    step = 'wait for MathJax to typeset the LaTeX output';
    const math = await page.waitForSelector('.output_latex .MathJax_Display, .output_latex .MathJax, .output_latex .MathJax_SVG, .output_latex .MathJax_CHTML', { timeout: 60000 });
    const mathText = await math.evaluate((e) => e.textContent);
    step = 'wait for the kernel to go idle';
    await page.waitForFunction(() => !Jupyter.notebook.kernel_busy &&
      Jupyter.notebook.get_cells().every((c) => c.cell_type !== 'code' || typeof c.input_prompt_number === 'number'),
    null, { timeout: 60000 });
    const errors = await page.$$eval('.output_error', (els) => els.map((e) => e.innerText));
    const mathjax = requests.filter((u) => u.includes('MathJax.js'));
    if (tour) {
      step = 'save the notebook through the front end';
      await page.evaluate(() => Jupyter.notebook.save_notebook().then(() => true));
      await page.waitForFunction(() => !Jupyter.notebook.dirty, null, { timeout: 30000 });
    }
    step = 'screenshot';
    await page.screenshot({ path: shot, fullPage: true });
    console.log(JSON.stringify({ png, mathText, errors, mathjax }));
  } catch (err) {
    console.error(`drive.js: could not ${step}: ${err.message}`);
    console.error(log.slice(-20).join('\n'));
    if (page) {
      const outs = await page.$$eval('.output_area', (els) => els.map((e) => e.innerText)).catch(() => []);
      console.error('outputs:\n' + outs.join('\n---\n'));
      await page.screenshot({ path: shot.replace(/\.png$/, '') + '-failed.png', fullPage: true }).catch(() => {});
    }
    process.exitCode = 1;
  } finally {
    await browser.close();
  }
})();
