// Runs Lighthouse in plain Node. (Under tsx, Lighthouse's page functions get esbuild's __name
// helper and fail when Lighthouse serialises them into the page.) Called by lighthouse.ts:
//   node lighthouse-runner.mjs <chromium path> <runs> <url>...
// Prints one JSON line: [{ url, runs: [{ score, fcp, lcp, tbt, cls, benchmarkIndex }], failed: [error code] }].
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';

// BENCH_CPU_SLOWDOWN: Lighthouse's CPU slowdown (mobile: 4). 8 stands for a machine half as fast
// as this one (half its benchmarkIndex), to see whether a score holds only on a quiet, fast machine.
const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN || constants.throttling.mobileSlow4G.cpuSlowdownMultiplier);
const throttling = { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown };

const [chromePath, runsArg, ...urls] = process.argv.slice(2);
const chrome = await launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-dev-shm-usage',
  ],
});
try {
  const results = [];
  for (const url of urls) {
    const runs = [];
    const failed = [];
    // A run Lighthouse itself could not measure (its intermittent NO_NAVSTART trace error, seen
    // here about once in 20 runs) has no metrics: it is reported, and replaced by another run.
    for (let attempt = 0; runs.length < Number(runsArg) && attempt < Number(runsArg) + 3; attempt += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        throttling,
      });
      const { lhr } = result;
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      const run = {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        // Lighthouse's measure of this machine's speed at the time of the run: a score is only
        // comparable between runs of similar index.
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      };
      if (lhr.runtimeError || [run.fcp, run.lcp, run.tbt, run.cls].some((value) => !Number.isFinite(value))) {
        failed.push(lhr.runtimeError?.code ?? 'no metrics');
      } else {
        runs.push(run);
      }
    }
    results.push({ url, runs, failed });
  }
  console.log(JSON.stringify(results));
} finally {
  chrome.kill();
}
