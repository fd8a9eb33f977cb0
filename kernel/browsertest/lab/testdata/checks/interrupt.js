// interrupt: the toolbar's interrupt button stops a running loop; the next
// cell sees the variables defined before it.
'use strict';
module.exports = async (lab) => {
  await lab.run(await lab.findCell('import ('));
  await lab.run(await lab.findCell('before := 42'));
  const loop = await lab.findCell('for n := 0; n >= 0; n++');
  lab.step = 'start the endless loop';
  await lab.start(loop);
  await lab.page.waitForFunction(() => window.gophernoteLab.kernelStatus() === 'busy', null, { timeout: 15000 });
  await lab.page.waitForTimeout(1000);
  await lab.screenshot('interrupt-running');
  lab.step = 'click interrupt';
  const t0 = Date.now();
  await lab.toolbarButton('interrupt').click();
  await lab.waitIdle(30000);
  const stopMillis = Date.now() - t0;
  const after = await lab.findCell('fmt.Println(before + 1)');
  lab.step = 'run the next cell';
  await lab.run(after);
  await lab.screenshot('interrupt-after');
  const cells = await lab.cells();
  return { stopMillis, loop: cells[loop].outputs, after: cells[after].outputs };
};
