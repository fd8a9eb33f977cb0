// restart: the toolbar's restart button (and its dialog) gives a fresh
// kernel: earlier variables are gone and cells run again.
'use strict';
module.exports = async (lab) => {
  await lab.run(await lab.findCell('import ('));
  await lab.run(await lab.findCell('before := 42'));
  lab.step = 'click restart';
  await lab.toolbarButton('restart').click();
  const dialog = lab.page.locator('.jp-Dialog');
  await dialog.waitFor({ timeout: 15000 });
  await lab.screenshot('restart-dialog');
  await dialog.locator('.jp-Dialog-button.jp-mod-accept').click();
  lab.step = 'wait for the restarted kernel';
  const statuses = await lab.page.evaluate(() => new Promise((resolve, reject) => {
    const seen = [];
    const ctx = window.gophernoteLab.panel.sessionContext;
    const on = (_, s) => {
      seen.push(s);
      // Lab reports restarting, or unknown while the kernel reconnects.
      if (s === 'idle' && seen.some((x) => x !== 'idle' && x !== 'busy')) { ctx.statusChanged.disconnect(on); resolve(seen); }
    };
    ctx.statusChanged.connect(on);
    setTimeout(() => reject(new Error('no restart seen: ' + seen.join(','))), 30000);
  }));
  const after = await lab.findCell('fmt.Println(before + 1)');
  lab.step = 'run a cell that needs the old kernel\'s variable';
  await lab.run(after);
  const fresh = await lab.append('fmt.Println(6 * 7)');
  await lab.run(fresh);
  await lab.screenshot('restart-after');
  const cells = await lab.cells();
  return { statuses, after: cells[after].outputs, fresh: cells[fresh].outputs, freshCount: cells[fresh].executionCount };
};
