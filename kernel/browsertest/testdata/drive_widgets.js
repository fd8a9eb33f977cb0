// drive_widgets.js URL SCREENSHOT
//
// Opens a notebook with widget cells in the classic Jupyter Notebook (6.4,
// whose Debian package loads ipywidgets 6: widget protocol 1) in headless
// Chromium. It waits until the front end's widget manager has tried to
// validate its version with the kernel (the comm target
// jupyter.widget.version, which only protocol 1 front ends open; it logs a
// warning when the kernel closes that comm), runs every cell, waits for the
// kernel to go idle, saves a screenshot and prints one JSON line: the text
// of every output area, the error outputs, the number of widget views the
// page shows, and the console lines that mention widgets. Used by
// browser_test.go (TestNotebookInChromium/widgets-protocol1).
'use strict';
const { chromium } = require('playwright-core');

const [url, shot] = process.argv.slice(2);
if (!url || !shot) {
  console.error('usage: node drive_widgets.js URL SCREENSHOT');
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
  let step = 'start';
  let page;
  try {
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    page.on('console', (m) => log.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => log.push(`pageerror: ${e.message}`));
    step = 'load the notebook page';
    await page.goto(url, { waitUntil: 'load', timeout: 60000 });
    step = 'wait for the gophernote kernel to connect';
    await page.waitForFunction(() => window.Jupyter && Jupyter.notebook && Jupyter.notebook.kernel &&
      Jupyter.notebook.kernel.is_connected() && Jupyter.notebook.kernel.name === 'gophernote',
    null, { timeout: 60000 });
    step = 'wait for the widget manager to try its version check';
    const deadline = Date.now() + 30000;
    while (!log.some((l) => /cross validate|versions are/.test(l))) {
      // deps: nbextension jupyter-js-widgets/extension (the Debian widget manager; deps_check.py)
      if (Date.now() > deadline) throw new Error('the widget manager never validated its version (is the ipywidgets 6 nbextension loaded?)');
      await page.waitForTimeout(200);
    }
    step = 'run all cells';
    await page.evaluate(() => Jupyter.notebook.execute_all_cells());
    step = 'wait for every code cell to run';
    await page.waitForFunction(() => !Jupyter.notebook.kernel_busy &&
      Jupyter.notebook.get_cells().every((c) => c.cell_type !== 'code' || typeof c.input_prompt_number === 'number'),
    null, { timeout: 120000 });
    await page.waitForTimeout(500);
    const outputs = await page.$$eval('.output_area', (els) => els.map((e) => e.innerText));
    const errors = await page.$$eval('.output_error', (els) => els.map((e) => e.innerText));
    const views = await page.$$eval('.widget-area .jupyter-widgets, .jupyter-widgets.widget-slider', (els) => els.length);
    step = 'screenshot';
    await page.screenshot({ path: shot, fullPage: true });
    const widgetLog = log.filter((l) => /widget|model/i.test(l));
    console.log(JSON.stringify({ outputs, errors, views, log: widgetLog }));
  } catch (err) {
    console.error(`drive_widgets.js: could not ${step}: ${err.message}`);
    console.error(log.slice(-20).join('\n'));
    if (page) {
      await page.screenshot({ path: shot.replace(/\.png$/, '') + '-failed.png', fullPage: true }).catch(() => {});
    }
    process.exitCode = 1;
  } finally {
    await browser.close();
  }
})();
