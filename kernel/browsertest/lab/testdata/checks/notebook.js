// notebook: run a whole notebook (arg.name names the screenshot), save it,
// and measure the text of every SVG plot it shows as laid out by this
// browser's fonts, with and without the textLength fitting.
'use strict';
module.exports = async (lab, arg) => {
  const r = await lab.runNotebook(arg.name || 'notebook');
  lab.step = 'measure SVG text';
  r.svg = [];
  for (const { cell, svg } of await lab.svgOutputs()) {
    r.svg.push({ cell, fitted: await lab.measureSVGText(svg), unfitted: await lab.measureSVGText(svg, true) });
  }
  let n = 0;
  for (const { cell } of r.svg) {
    await lab.screenshot(`${arg.name || 'notebook'}-plot${++n}`, lab.outputs(cell).filter({ has: lab.page.locator('img') }).nth(0));
  }
  r.liberation = await lab.installedFont('Liberation Serif');
  return r;
};
