// features: one cell each of a plot with a legend, LaTeX, an HTML table
// and a progress bar (watched while it runs: one output updated in place),
// Go syntax highlighting, and the widget manager's modules.
'use strict';
module.exports = async (lab) => {
  const r = {};
  const setup = await lab.findCell('import (');
  const plot = await lab.findCell('p := plot.New()');
  const latex = await lab.findCell('display.LaTeX(');
  const table = await lab.findCell('display.Table(');
  const progress = await lab.findCell('display.NewProgress(');
  for (const i of [setup, plot, latex, table]) {
    lab.step = `run cell ${i}`;
    await lab.run(i);
  }
  r.plot = await lab.shownMime(plot);
  await lab.screenshot('features-plot', lab.outputs(plot).first());
  lab.step = 'wait for MathJax';
  const math = lab.outputs(latex).locator('mjx-container');
  await math.first().waitFor({ timeout: 30000 });
  r.latex = { text: await math.first().evaluate((e) => e.textContent),
    raw: await lab.outputs(latex).first().evaluate((e) => e.innerText.includes('\\')) };
  await lab.screenshot('features-latex', lab.outputs(latex).first());
  r.table = await lab.outputs(table).first().evaluate((e) => ({
    rows: [...e.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent.trim())),
    header: [...e.querySelectorAll('thead th')].map((th) => th.textContent.trim())
  }));
  await lab.screenshot('features-table', lab.outputs(table).first());

  lab.step = 'watch the progress bar';
  await lab.evaluate((g, i) => {
    const area = g.panel.content.widgets[i].outputArea.node;
    window.progressSeen = { texts: [], maxOutputs: 0 };
    window.progressObserver = new MutationObserver(() => {
      const outs = area.querySelectorAll('.jp-OutputArea-output');
      window.progressSeen.maxOutputs = Math.max(window.progressSeen.maxOutputs, outs.length);
      if (outs.length) window.progressSeen.texts.push(outs[0].innerText.trim());
    });
    window.progressObserver.observe(area, { subtree: true, childList: true, characterData: true, attributes: true });
  }, progress);
  await lab.run(progress);
  r.progress = await lab.page.evaluate(() => {
    window.progressObserver.disconnect();
    const s = window.progressSeen;
    return { distinct: [...new Set(s.texts)], maxOutputs: s.maxOutputs };
  });
  r.progress.outputs = (await lab.cells())[progress].outputs.map((o) => o.output_type);
  await lab.screenshot('features-progress', lab.cell(progress));

  lab.step = 'Go syntax highlighting';
  r.highlight = await lab.evaluate((g, i) => {
    const cell = g.panel.content.widgets[i];
    const line = [...cell.node.querySelectorAll('.cm-line')].find((l) => /\bfor\b/.test(l.textContent));
    const kw = line && [...line.querySelectorAll('span')].find((s) => s.textContent === 'for');
    return {
      mimeType: cell.model.mimeType,
      keywordColored: !!kw && getComputedStyle(kw).color !== getComputedStyle(line).color
    };
  }, plot);

  lab.step = 'widget manager';
  r.widgets = await lab.page.evaluate(async () => {
    const m = await window.gophernoteLab.widgetManager();
    if (!m) return { manager: false };
    const load = async (name, mod, ver) => {
      try { return typeof (await m.loadModelClass(name, mod, ver)); } catch (e) { return 'error: ' + e.message; }
    };
    return {
      manager: true,
      slider: await load('IntSliderModel', '@jupyter-widgets/controls', '2.0.0'),
      layout: await load('LayoutModel', '@jupyter-widgets/base', '2.0.0'),
      output: await load('OutputModel', '@jupyter-widgets/output', '1.0.0')
    };
  });
  r.errors = await lab.errorOutputs();
  return r;
};
