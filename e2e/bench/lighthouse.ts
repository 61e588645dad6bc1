/**
 * npm run bench:lighthouse — a benchmark, not a test. The median of 5 Lighthouse runs (mobile
 * settings: Moto G-class device, simulated slow 4G and 4x CPU slowdown) in the system Chromium,
 * for home, a list, a product page and the savings checker, against the production build.
 * BENCH_RUNS changes the number of runs; BENCH_PAGES=home,list limits the pages; BENCH_CPU_SLOWDOWN=8
 * stands for a machine half as fast as this one. A run Lighthouse could not measure (a runtime error,
 * no metrics) is listed under "not measured" and replaced.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromiumPath } from '../support/chromium';
import { startServer } from '../support/server';

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  benchmarkIndex: number;
}

const RUNS = Number(process.env.BENCH_RUNS || 5);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  const server = await startServer();
  try {
    const { productPath } = await import('@copytech/shared/domain');
    const list = await (await fetch(`${server.url}/api/printers/multifunctionals?limit=1`)).json();
    const pages: Array<[string, string]> = [
      ['home', '/'],
      ['list', '/printers/multifunctionals'],
      ['product', productPath(list.results[0])],
      ['checker', '/discover-print-savings'],
    ];
    const wanted = process.env.BENCH_PAGES?.split(',');
    const rows: Array<
      { page: string; path: string } & Omit<Run, 'benchmarkIndex'> & { scores: number[]; benchmarkIndexes: number[]; failed: string[] }
    > = [];
    const chosen = pages.filter(([name]) => !wanted || wanted.includes(name));
    const output = execFileSync(
      process.execPath,
      [path.join(__dirname, 'lighthouse-runner.mjs'), chromiumPath(), String(RUNS), ...chosen.map(([, page]) => `${server.url}${page}`)],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    const measured = JSON.parse(output.trim().split('\n').pop()!) as Array<{ url: string; runs: Run[]; failed: string[] }>;
    measured.forEach(({ runs, failed }, index) => {
      if (runs.length === 0) throw new Error(`Lighthouse measured no run of ${chosen[index]![1]} (${failed.join(', ')})`);
      const [name, page] = chosen[index]!;
      rows.push({
        page: name,
        path: page,
        scores: runs.map((r) => r.score),
        failed,
        score: median(runs.map((r) => r.score)),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
        fcp: median(runs.map((r) => r.fcp)),
        benchmarkIndexes: runs.map((r) => Math.round(r.benchmarkIndex)),
      });
    });
    console.log(
      `Lighthouse ${RUNS} run(s) per page, mobile, CPU slowdown ${process.env.BENCH_CPU_SLOWDOWN || 4}x, medians (targets: performance >= 97, LCP <= 1.8 s, TBT <= 100 ms, CLS <= 0.02)\n`,
    );
    const header = ['page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS', 'runs', 'benchmarkIndex', 'not measured', 'path'];
    const table = rows.map((r) => [
      r.page,
      `${r.score}${r.score >= 97 ? '' : ' (below 97)'}`,
      `${(r.fcp / 1000).toFixed(2)} s`,
      `${(r.lcp / 1000).toFixed(2)} s${r.lcp <= 1800 ? '' : ' (over)'}`,
      `${Math.round(r.tbt)} ms${r.tbt <= 100 ? '' : ' (over)'}`,
      `${r.cls.toFixed(3)}${r.cls <= 0.02 ? '' : ' (over)'}`,
      r.scores.join(' '),
      r.benchmarkIndexes.join(' '),
      r.failed.join(' ') || '-',
      r.path,
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    table.forEach((row) => console.log(line(row)));
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
