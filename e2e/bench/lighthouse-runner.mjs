// Runs Lighthouse in plain Node. (Under tsx, Lighthouse's page functions get esbuild's __name
// helper and fail when Lighthouse serialises them into the page.) Called by lighthouse.ts:
//   node lighthouse-runner.mjs <chromium path> <runs> <url>...
// Prints one JSON line: [{ url, runs: [{ score, fcp, lcp, tbt, cls }] }].
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [chromePath, runsArg, ...urls] = process.argv.slice(2);
const chrome = await launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
});
try {
  const results = [];
  for (const url of urls) {
    const runs = [];
    for (let i = 0; i < Number(runsArg); i += 1) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const { lhr } = result;
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      });
    }
    results.push({ url, runs });
  }
  console.log(JSON.stringify(results));
} finally {
  chrome.kill();
}
