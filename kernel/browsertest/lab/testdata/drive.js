// drive.js CHECK URL OUTDIR [ARG-JSON]
//
// Opens URL (a notebook page of the JupyterLab test front end) in headless
// Chromium, runs checks/CHECK.js — a module exporting
// `async (lab, arg) => result` (lab: a Lab from lab.js) — and prints one JSON
// line {result, openMillis, log, requests, shots}. On failure it prints the
// reason, the page's last console lines and the rendered outputs on stderr,
// saves OUTDIR/CHECK-failed.png and exits 1. Used by lab_test.go.
'use strict';
const path = require('path');
const { Lab } = require('./lab');

const [check, url, outDir, argJSON] = process.argv.slice(2);
if (!check || !url || !outDir) {
  console.error('usage: node drive.js CHECK URL OUTDIR [ARG-JSON]');
  process.exit(2);
}

(async () => {
  const run = require(path.join(__dirname, 'checks', check + '.js'));
  const arg = argJSON ? JSON.parse(argJSON) : {};
  let lab;
  try {
    lab = await Lab.open(url, outDir);
    lab.step = check;
    const result = await run(lab, arg);
    console.log(JSON.stringify({
      result, openMillis: lab.openMillis, log: lab.log, requests: lab.requests, shots: lab.shots
    }));
  } catch (err) {
    console.error(`drive.js ${check}: ${lab ? lab.step : 'launch'}: ${err.stack || err}`);
    if (lab) {
      console.error('page log (last 30):\n' + lab.log.slice(-30).join('\n'));
      const outs = await lab.page.$$eval('.jp-OutputArea-output', (els) => els.map((e) => e.innerText.slice(0, 500))).catch(() => []);
      console.error('outputs:\n' + outs.join('\n---\n'));
      await lab.page.screenshot({ path: path.join(outDir, check + '-failed.png'), fullPage: false }).catch(() => {});
    }
    process.exitCode = 1;
  } finally {
    if (lab) {
      await lab.evaluate((g) => g.panel.sessionContext.shutdown()).catch(() => {});
      await lab.close();
    }
  }
})();
