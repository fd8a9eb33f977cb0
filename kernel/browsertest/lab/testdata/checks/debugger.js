// debugger: JupyterLab's debugger on notebook 04. The cells before the
// derivation run; the debugger is turned on with the notebook toolbar's
// bug button; a breakpoint is set by clicking the gutter of the derivation
// cell at arg.line; the cell runs and stops there: the call stack and the
// variables panel (beta, gamma with their values) are read from the
// sidebar; the callstack toolbar's Next is clicked twice (the highlighted
// line moves down, over a compiled call); Continue runs the cell to its
// end. Every debug_request JupyterLab sent, with its reply, the debug
// events and the execute requests are recorded in order (the replay in
// kernel/jupytertest replays them).
'use strict';

// line returns the 1-based line of cell i that the debugger highlights
// (0 when none).
function highlighted(lab, i) {
  return lab.cell(i).locator('.cm-line').evaluateAll((els) =>
    els.findIndex((e) => e.classList.contains('jp-DebuggerEditor-highlight')) + 1);
}

async function sidebar(lab) {
  return lab.page.evaluate(() => {
    const text = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent.trim());
    const vars = [...document.querySelectorAll('.jp-DebuggerVariables .jp-TreeItem')].map((e) => ({
      name: (e.querySelector('.jp-DebuggerVariables-name') || {}).textContent || '',
      detail: ((e.querySelector('.jp-DebuggerVariables-detail') || {}).textContent || '').trim()
    }));
    return {
      frames: text('.jp-DebuggerCallstackFrame-name'),
      locations: [...document.querySelectorAll('.jp-DebuggerCallstackFrame-location')].map((e) => e.getAttribute('title') || ''),
      variables: vars
    };
  });
}

function callstackButton(lab, name) {
  // The sidebar's accordion shows each panel's toolbar in its title.
  return lab.page.locator(`.jp-DebuggerSidebar .jp-Toolbar-item[data-jp-item-name="${name}"] jp-button`);
}

module.exports = async (lab, arg) => {
  const line = arg.line || 4;
  lab.step = 'record the kernel messages';
  await lab.evaluate((g) => {
    const kernel = g.panel.sessionContext.session.kernel;
    const log = (window.gophernoteDebugLog = []);
    const requestDebug = kernel.requestDebug.bind(kernel);
    kernel.requestDebug = (content, dispose) => {
      const future = requestDebug(content, dispose);
      log.push({ debug: JSON.parse(JSON.stringify(content)) });
      const entry = log[log.length - 1];
      future.done.then((reply) => { entry.reply = JSON.parse(JSON.stringify(reply.content)); },
        (err) => { entry.canceled = String(err); });
      return future;
    };
    const requestExecute = kernel.requestExecute.bind(kernel);
    kernel.requestExecute = (content, ...rest) => {
      log.push({ execute: content.code });
      return requestExecute(content, ...rest);
    };
    kernel.iopubMessage.connect((_, msg) => {
      if (msg.header.msg_type === 'debug_event') {
        log.push({ event: JSON.parse(JSON.stringify(msg.content)) });
      }
    });
  });
  const cells = await lab.cells();
  const derive = await lab.findCell('beta, gamma := law.Beta, law.Gamma');
  lab.step = 'run the cells before the derivation';
  for (const c of cells) {
    if (c.type === 'code' && c.index < derive) await lab.run(c.index, 300000);
  }
  lab.step = 'turn the debugger on (the toolbar bug button)';
  const bug = lab.page.locator('.jp-DebuggerBugButton');
  await bug.waitFor({ timeout: 30000 });
  const announced = await bug.isVisible();
  await bug.click();
  await lab.page.waitForFunction(() => window.gophernoteLab.debugger.service.isStarted, null, { timeout: 30000 });
  await lab.page.locator('.jp-DebuggerSidebar').waitFor({ timeout: 30000 });
  await lab.screenshot('debugger-on');

  lab.step = `set a breakpoint on line ${line} of the derivation cell (gutter click)`;
  const cell = lab.cell(derive);
  await cell.scrollIntoViewIfNeeded();
  const lineBox = await cell.locator('.cm-line').nth(line - 1).boundingBox();
  const gutterBox = await cell.locator('.cm-gutter.cm-breakpoint-gutter').boundingBox();
  await lab.page.mouse.click(gutterBox.x + gutterBox.width / 2, lineBox.y + lineBox.height / 2);
  await cell.locator('.cm-gutter.cm-breakpoint-gutter [aria-label="Breakpoint"]').first().waitFor({ state: 'attached', timeout: 15000 });
  await lab.page.waitForFunction(() => {
    const bps = window.gophernoteLab.debugger.service.model.breakpoints.breakpoints;
    return [...bps.values()].some((list) => list.some((b) => b.verified));
  }, null, { timeout: 15000 });

  lab.step = 'run the derivation cell to its breakpoint';
  await lab.start(derive);
  await lab.page.locator('.jp-DebuggerCallstackFrame').first().waitFor({ timeout: 60000 });
  await lab.page.waitForFunction(() => {
    const names = [...document.querySelectorAll('.jp-DebuggerVariables-name')].map((e) => e.textContent);
    return names.includes('beta') && names.includes('gamma');
  }, null, { timeout: 30000 });
  await lab.page.waitForFunction((i) => {
    const lines = document.querySelectorAll('.jp-Notebook .jp-Cell')[i].querySelectorAll('.cm-line');
    return [...lines].some((e) => e.classList.contains('jp-DebuggerEditor-highlight'));
  }, derive, { timeout: 30000 });
  const stopped = await sidebar(lab);
  stopped.line = await highlighted(lab, derive);
  await lab.screenshot('debugger-stopped');

  const lines = [stopped.line];
  for (let n = 1; n <= 2; n++) {
    lab.step = `step over (${n})`;
    const before = lines[lines.length - 1];
    await callstackButton(lab, 'step-over').click();
    await lab.page.waitForFunction(([i, before]) => {
      const ls = [...document.querySelectorAll('.jp-Notebook .jp-Cell')[i].querySelectorAll('.cm-line')];
      const at = ls.findIndex((e) => e.classList.contains('jp-DebuggerEditor-highlight')) + 1;
      return at > 0 && at !== before && document.querySelectorAll('.jp-DebuggerCallstackFrame').length > 0;
    }, [derive, before], { timeout: 30000 });
    lines.push(await highlighted(lab, derive));
  }
  const stepped = await sidebar(lab);
  // Line 5 (the Printf) has run: its output is shown while the cell is
  // still stopped.
  await lab.page.waitForFunction((i) => document.querySelectorAll('.jp-Notebook .jp-Cell')[i]
    .querySelector('.jp-OutputArea-output') !== null, derive, { timeout: 30000 }).catch(() => {});
  stepped.outputs = (await lab.cells())[derive].outputs;
  await lab.screenshot('debugger-stepped');

  lab.step = 'continue to the end';
  await callstackButton(lab, 'continue').click();
  await lab.waitIdle(120000);
  await lab.page.waitForFunction(() => document.querySelectorAll('.jp-DebuggerCallstackFrame').length === 0, null, { timeout: 30000 });
  await lab.screenshot('debugger-done');
  const after = (await lab.cells())[derive];
  // Let the last replies and the inspectVariables after the run arrive.
  await lab.page.waitForFunction(() => window.gophernoteDebugLog.every((e) => !e.debug || e.reply || e.canceled), null, { timeout: 30000 });
  const recording = await lab.page.evaluate(() => window.gophernoteDebugLog);
  return {
    announced,
    stopped,
    stepped,
    lines,
    outputs: after.outputs,
    executionCount: after.executionCount,
    errors: await lab.errorOutputs(),
    recording
  };
};
