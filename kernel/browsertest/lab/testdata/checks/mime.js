// mime: a notebook saved with outputs (by `gophernote run`) opens
// untrusted: which MIME type Lab shows for its plot (PNG and SVG are both
// in the bundle); after running it, the live (trusted) output's.
'use strict';
module.exports = async (lab) => {
  const plot = await lab.findCell('f := plots.LogLog(');
  lab.step = 'wait for the saved plot';
  await lab.outputs(plot).locator('img').first().waitFor({ timeout: 30000 });
  const before = await lab.cells();
  const untrusted = { trusted: before[plot].trusted, shown: await lab.shownMime(plot),
    bundle: before[plot].outputs.flatMap((o) => Object.keys(o.data || {})) };
  await lab.screenshot('mime-untrusted', lab.outputs(plot).first());
  lab.step = 'run the notebook';
  await lab.runAll();
  const after = await lab.cells();
  const trusted = { trusted: after[plot].trusted, shown: await lab.shownMime(plot),
    bundle: after[plot].outputs.flatMap((o) => Object.keys(o.data || {})) };
  await lab.screenshot('mime-trusted', lab.outputs(plot).first());
  return { untrusted, trusted, errors: await lab.errorOutputs() };
};
