// tour: notebooks/00_tour.ipynb runs to the end in Lab; its plot, LaTeX,
// HTML table and progress bars render, each with a screenshot.
'use strict';
module.exports = async (lab) => {
  const r = await lab.runNotebook('tour');
  const plot = await lab.findCell('f := plots.LogLog(');
  const latex = await lab.findCell('display.LaTeX(');
  const table = await lab.findCell('tab.Assign(');
  const progress = await lab.findCell('display.NewProgress(0, "bootstrap');
  r.plot = await lab.shownMime(plot);
  await lab.screenshot('tour-plot', lab.outputs(plot).first());
  lab.step = 'read the typeset LaTeX';
  const math = lab.outputs(latex).locator('mjx-container');
  await math.first().waitFor({ timeout: 30000 });
  r.latex = { text: await math.first().evaluate((e) => e.textContent), shown: await lab.shownMime(latex),
    raw: await lab.outputs(latex).first().evaluate((e) => e.innerText.includes('\\')) };
  await lab.screenshot('tour-latex', lab.outputs(latex).first());
  r.table = await lab.outputs(table).first().evaluate((e) => ({
    rows: e.querySelectorAll('tbody tr').length,
    header: [...e.querySelectorAll('thead tr:first-child th')].map((th) => th.textContent.trim())
  }));
  await lab.screenshot('tour-table', lab.outputs(table).first());
  const cells = await lab.cells();
  r.progress = {
    outputs: cells[progress].outputs.map((o) => o.output_type),
    bars: await lab.outputs(progress).locator('progress, .gn-progress, [role="progressbar"]').count(),
    text: await lab.outputs(progress).first().evaluate((e) => e.innerText)
  };
  await lab.screenshot('tour-progress', lab.cell(progress));
  return r;
};
