// complete: Tab in a code cell pops up the kernel's completions with their
// kinds (Lab's type monograms and labels); a single match is inserted.
'use strict';

async function popup(lab, name) {
  const box = lab.page.locator('.jp-Completer:not(.lm-mod-hidden)');
  await box.waitFor({ state: 'visible', timeout: 15000 });
  const items = await box.locator('.jp-Completer-item').evaluateAll((lis) => lis.map((li) => ({
    label: li.querySelector('.jp-Completer-match').textContent,
    type: (li.querySelector('.jp-Completer-typeExtended') || {}).textContent || '',
    monogram: (li.querySelector('.jp-Completer-monogram') || {}).textContent || ''
  })));
  await lab.screenshot(name);
  await lab.page.keyboard.press('Escape');
  await lab.page.locator('.jp-Completer:not(.lm-mod-hidden)').waitFor({ state: 'detached', timeout: 5000 });
  return items;
}

module.exports = async (lab) => {
  const r = {};
  lab.step = 'run the setup cells';
  await lab.run(await lab.findCell('import ('));
  await lab.run(await lab.findCell('p := plot.New()'));
  await lab.run(await lab.findCell('before := 42'));
  lab.step = 'Tab after fit.Boo';
  await lab.typeInNewCell('fit.Boo');
  await lab.page.keyboard.press('Tab');
  r.pkg = await popup(lab, 'complete-package');
  lab.step = 'Tab after pts[1].';
  await lab.typeInNewCell('pts[1].');
  await lab.page.keyboard.press('Tab');
  r.member = await popup(lab, 'complete-member');
  // befo: the kernel offers before; Lab's context completer may offer the
  // same word from the notebook, so a list can appear: Enter takes the first.
  lab.step = 'Tab after befo';
  const i = await lab.typeInNewCell('befo');
  await lab.page.keyboard.press('Tab');
  await lab.page.waitForFunction((i) => window.gophernoteLab.cells()[i].source !== 'befo' ||
    document.querySelector('.jp-Completer:not(.lm-mod-hidden)'), i, { timeout: 15000 });
  if (await lab.page.locator('.jp-Completer:not(.lm-mod-hidden)').count() > 0) {
    r.variable = await lab.page.locator('.jp-Completer:not(.lm-mod-hidden) .jp-Completer-item').evaluateAll((lis) => lis.map((li) => ({
      label: li.querySelector('.jp-Completer-match').textContent,
      type: (li.querySelector('.jp-Completer-typeExtended') || {}).textContent || ''
    })));
    await lab.screenshot('complete-variable');
    await lab.page.keyboard.press('Enter');
  }
  await lab.page.waitForFunction((i) => window.gophernoteLab.cells()[i].source !== 'befo', i, { timeout: 15000 });
  r.inserted = await lab.source(i);
  return r;
};
