// widgets: notebook 08 (the envelope derivation driven by sliders) in Lab.
// Runs every cell, waits for the Interact's view — six sliders above an
// output widget holding the headline, the derivation and two plots — and
// reads the headline and the derivation's typeset text. Then it moves the
// β slider with the keyboard (ArrowRight: one step of 0.01), arg.moves
// times, timing each move from the key press to the moment the envelope
// plot in the page has been replaced (and, for the breakdown, to the
// moment the output widget's model received the kernel's new outputs). It
// reads the headline and derivation again after the first and the last
// move, and finally runs a cell that prints beta.Value() in the kernel.
'use strict';

module.exports = async (lab, arg) => {
  const moves = (arg && arg.moves) || 20;
  const r = {};
  lab.step = 'run notebook 08';
  await lab.runAll();
  const cell = await lab.findCell('widgets.Interact(showEnvelope');
  const view = lab.cell(cell);
  lab.step = 'wait for the six sliders';
  await view.locator('.widget-slider').nth(5).waitFor({ timeout: 60000 });
  r.labels = await view.locator('.widget-slider .widget-label').evaluateAll((els) => els.map((e) => e.textContent.trim()));
  r.readouts = await view.locator('.widget-slider .widget-readout').evaluateAll((els) => els.map((e) => e.textContent.trim()));

  // The output widget's rendered outputs.
  const outs = view.locator('.widget-output .jp-OutputArea-output');
  const read = async () => {
    await outs.nth(3).waitFor({ timeout: 60000 });
    await outs.nth(1).locator('mjx-container').first().waitFor({ timeout: 60000 });
    return outs.evaluateAll((els) => ({
      count: els.length,
      headline: els[0].innerText.trim(),
      // MathJax 3 keeps the formulas' text in its assistive MathML.
      derivation: els[1].textContent,
      raw: els[1].innerText.includes('\\frac'),
      images: els.slice(2).map((e) => { const i = e.querySelector('img'); return i ? i.src.slice(0, 20) : ''; })
    }));
  };
  lab.step = 'read the initial outputs';
  r.initial = await read();
  await lab.screenshot('widgets-initial', view);

  lab.step = 'instrument the page';
  await lab.evaluate(async (g, i) => {
    const node = g.panel.content.widgets[i].node;
    const w = window.widgetTiming = { down: 0, samples: [], msg: 0 };
    document.addEventListener('keydown', () => { w.down = performance.now(); w.msg = 0; }, true);
    // The Output model: the manager's model of the output widget in view.
    const m = await g.widgetManager();
    const out = node.querySelector('.widget-output');
    for (const id of Object.keys(m._models || {})) {
      const model = await m.get_model(id);
      if (model.get('_model_name') === 'OutputModel' && (model.get('outputs') || []).length === 4) {
        model.on('change:outputs', () => { if (!w.msg) w.msg = performance.now(); });
      }
    }
    const last = () => { const imgs = out.querySelectorAll('img'); return imgs.length === 2 ? imgs[1] : null; };
    w.last = last().src;
    new MutationObserver(() => {
      const img = last();
      if (img && img.src !== w.last && w.down) {
        w.last = img.src;
        w.samples.push({ total: performance.now() - w.down, kernel: w.msg ? w.msg - w.down : -1 });
        w.down = 0;
      }
    }).observe(out, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] });
  }, cell);

  const beta = view.locator('.widget-slider').filter({ has: lab.page.locator('.widget-label', { hasText: /^β$/ }) });
  const handle = beta.locator('.noUi-handle');
  for (let k = 0; k < moves; k++) {
    lab.step = `move β (${k + 1} of ${moves})`;
    await handle.press('ArrowRight');
    await lab.page.waitForFunction((n) => window.widgetTiming.samples.length >= n, k + 1, { timeout: 60000, polling: 'raf' });
    await lab.waitIdle();
    if (k === 0) {
      lab.step = 'read the outputs after one move';
      r.afterOne = await read();
      r.readoutAfterOne = (await beta.locator('.widget-readout').textContent()).trim();
    }
  }
  r.timings = await lab.page.evaluate(() => window.widgetTiming.samples);
  lab.step = 'read the outputs after the last move';
  r.final = await read();
  r.readoutFinal = (await beta.locator('.widget-readout').textContent()).trim();
  await lab.screenshot('widgets-moved', view);

  lab.step = 'ask the kernel';
  const probe = await lab.append('fmt.Println(beta.Value(), gamma.Value())');
  await lab.run(probe);
  r.kernel = (await lab.cells())[probe].outputs.map((o) => [].concat(o.text || []).join('')).join('');
  r.errors = await lab.errorOutputs();
  return r;
};
