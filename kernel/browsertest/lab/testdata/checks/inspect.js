// inspect: Shift-Tab with the cursor inside a call's brackets shows the
// called function's documentation in Lab's tooltip: fitlib's from the
// generated tables, the standard library's from the toolchain's GOROOT.
'use strict';

// tooltip types code in a new cell, moves the cursor left by back
// characters, presses Shift-Tab and returns the tooltip's text.
async function tooltip(lab, code, back, name) {
  await lab.typeInNewCell(code);
  for (let i = 0; i < back; i++) await lab.page.keyboard.press('ArrowLeft');
  await lab.page.keyboard.press('Shift+Tab');
  const tip = lab.page.locator('.jp-Tooltip');
  await tip.waitFor({ state: 'visible', timeout: 15000 });
  const text = await tip.innerText();
  await lab.screenshot(name);
  await lab.page.keyboard.press('Escape');
  await tip.waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
  return text;
}

module.exports = async (lab) => {
  lab.step = 'run the setup cell';
  await lab.run(await lab.findCell('import ('));
  const r = {};
  lab.step = 'Shift-Tab in fit.Bootstrap(pb, |)';
  r.bootstrap = await tooltip(lab, 'fit.Bootstrap(pb, )', 1, 'inspect-bootstrap');
  lab.step = 'Shift-Tab in fmt.Println(';
  r.println = await tooltip(lab, 'fmt.Println(', 0, 'inspect-println');
  lab.step = 'Shift-Tab in strings.Split(';
  r.split = await tooltip(lab, 'strings.Split(', 0, 'inspect-split');
  return r;
};
