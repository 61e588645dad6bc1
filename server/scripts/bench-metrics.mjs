// npm run bench:metrics -w server: what the metrics cost (docs/metrics.md "Cost"). Starts two
// builds of the server as processes of their own (their main.js, as `npm start`), each on its own
// loopback port with its own temporary VAR_DIR and the same built site: this checkout's
// (server/dist, with the metrics) and another's, given as BENCH_BEFORE (the server/dist folder of
// a build from before the metrics, e.g. a worktree of the commit before). The build with metrics
// serves them on a METRICS_PORT of its own and is scraped every BENCH_SCRAPE_MS (default 5 s), as
// Prometheus would. Then, per scenario, it
// loads them in turn in slices (BENCH_SLICE_SECONDS, default 4), before and after alternately
// first, BENCH_ROUNDS rounds (default 6, in 3 groups, each with both servers started afresh), and reads each server's CPU time (its
// process's user + system time, render processes included (children of the server's process), from /proc: Linux only) over each slice.
// Two figures per build: requests per second, and CPU ms per request. On a machine shared with
// other work the first moves with whatever else runs; the second is what a request costs the
// server whatever the machine does, and a server that is CPU-bound serves 1 / (CPU per request):
// its change is the change of the throughput the server can give.
// Scenarios: the list API (GET, 50 connections), a list page from the page cache (br, 20), and a
// list page rendered on every request (a query string of its own each time, 20). Needs the apps
// built (`npm run build`) or SITE_ROOT naming a built site. BENCH_PORT (default 8112, and the next).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

const before = process.env.BENCH_BEFORE;
if (!before || !fs.existsSync(path.join(before, 'main.js'))) {
  console.error('BENCH_BEFORE must name the server/dist folder of the build to compare with (its main.js).');
  process.exit(1);
}
const slice = Number(process.env.BENCH_SLICE_SECONDS || 4);
const rounds = Number(process.env.BENCH_ROUNDS || 6);
const port = Number(process.env.BENCH_PORT || 8112);
const here = path.dirname(fileURLToPath(import.meta.url));

const serverCpus = process.env.BENCH_SERVER_CPUS ?? '';
// Killed with this script, even when it fails before the end.
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** A server process of a build (its dist folder), once it answers. */
async function start(dist, offset) {
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copytech-bench-metrics-'));
  // Metrics served and scraped (every BENCH_SCRAPE_MS) as in production; a build without them ignores METRICS_PORT.
  const metricsPort = port + 10 + offset;
  const env = {
    ...process.env,
    PORT: String(port + offset),
    HOST: '127.0.0.1',
    VAR_DIR: varDir,
    LOG_LEVEL: 'warn',
    METRICS_PORT: String(metricsPort),
  };
  // BENCH_SERVER_CPUS (e.g. 1): both servers on those CPUs only (taskset, which becomes the server's
  // process), so that the load generator, on the others, does not share their cores.
  const command = serverCpus ? ['taskset', ['-c', serverCpus, process.execPath]] : [process.execPath, []];
  const child = spawn(command[0], [...command[1], path.join(dist, 'main.js')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const base = `http://127.0.0.1:${port + offset}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null || tries > 600) throw new Error(`${dist}/main.js did not start`);
    if (
      await fetch(`${base}/api/health/live`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, base, varDir };
}

/** The CPU time so far of a process and its live children (its render processes), in ms (user + system, every thread). */
function cpuMs(pid) {
  const statOf = (id) => fs.readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux); the parent is field 4
  const ticks = (fields) => Number(fields[11]) + Number(fields[12]);
  let total = ticks(statOf(pid));
  for (const id of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name) && name !== String(pid))) {
    try {
      const fields = statOf(id);
      if (Number(fields[1]) === pid) total += ticks(fields);
    } catch {
      // a process that ended meanwhile
    }
  }
  return total * 10;
}

/**
 * Both servers, started afresh for each group of rounds: two processes of one build differ by up to
 * 10% in CPU per request (what the JIT made of them), so each group's figure comes from processes of
 * its own, and the median of the groups is not one pair's luck.
 */
let servers = null;
async function startBoth() {
  servers = { after: await start(path.join(here, '..', 'dist'), 0), before: await start(path.resolve(before), 1) };
}
async function stopBoth() {
  for (const server of Object.values(servers ?? {})) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    fs.rmSync(server.varDir, { recursive: true, force: true });
  }
  servers = null;
}
// A Prometheus of sorts: every instance scraped every BENCH_SCRAPE_MS (default 5 s) while it is loaded.
const scrapeMs = Number(process.env.BENCH_SCRAPE_MS || 5000);
let scrapes = 0;
const scraper = setInterval(() => {
  if (!servers) return;
  for (const offset of [0, 1])
    fetch(`http://127.0.0.1:${port + 10 + offset}/metrics`).then(
      (response) => response.text().then(() => (scrapes += response.ok ? 1 : 0)),
      () => undefined,
    );
}, scrapeMs);

const uniqueQuery = fileURLToPath(new URL('./bench-unique-query.cjs', import.meta.url));
const scenarios = [
  { name: 'GET list (API)', path: '/api/printers/multifunctionals?limit=12&sort=price-asc', connections: 50 },
  { name: 'page list, from the page cache', path: '/printers/multifunctionals', connections: 20, headers: { 'accept-encoding': 'br' } },
  {
    name: 'page list, rendered',
    path: '/printers/multifunctionals',
    connections: 20,
    headers: { 'accept-encoding': 'br' },
    requests: [{ method: 'GET', setupRequest: uniqueQuery }],
  },
];

// BENCH_RATES: requests a second per scenario (comma-separated, in the order above; 0 or none: as
// fast as they are answered). At a fixed rate below what a server can serve, both servers are
// offered the same load whatever else the machine does, so their CPU per request compares like for
// like (at full speed it moves with how many requests each write and read carries).
const rates = (process.env.BENCH_RATES ?? '').split(',').map(Number);
scenarios.forEach((scenario, i) => {
  if (rates[i] > 0) scenario.overallRate = rates[i];
});

/** One slice of load on one server: its requests and the CPU ms it spent on them. */
async function load(side, scenario, duration) {
  const pid = servers[side].child.pid;
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url: servers[side].base + scenario.path, ...scenario, duration, workers: 1 });
  return { requests: result.requests.total, cpu: cpuMs(pid) - cpuBefore };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
try {
  for (const scenario of scenarios) {
    process.stdout.write(`${scenario.name}: ${rounds} rounds of ${slice} s each…\n`);
    const group = () => [0, 1, 2].map(() => ({ requests: 0, cpu: 0 }));
    const totals = { after: group(), before: group() };
    for (let round = 0; round < rounds; round++) {
      const groupIndex = Math.floor((round * 3) / rounds);
      if (round === 0 || groupIndex !== Math.floor(((round - 1) * 3) / rounds)) {
        // A group of its own processes, warmed (the JIT, the render processes, the page cache).
        await stopBoth();
        await startBoth();
        for (const side of ['after', 'before']) await load(side, scenario, 2);
      }
      const order = round % 2 ? ['before', 'after'] : ['after', 'before'];
      for (const side of order) {
        const slot = totals[side][groupIndex];
        const { requests, cpu } = await load(side, scenario, slice);
        slot.requests += requests;
        slot.cpu += cpu;
      }
    }
    const seconds = (rounds / 3) * slice;
    const perRequest = (side) => totals[side].map((slot) => slot.cpu / slot.requests);
    // What the server can serve: 1 / CPU per request; its change, per group.
    const capacity = perRequest('after').map((after, i) => 100 * (perRequest('before')[i] / after - 1));
    const percent = (c) => `${c >= 0 ? '+' : ''}${c.toFixed(1)}%`;
    const list = (values, digits = 0) => values.map((v) => v.toFixed(digits)).join(', ');
    rows.push({
      scenario: scenario.name,
      'req/s before': list(totals.before.map((slot) => slot.requests / seconds)),
      'req/s after': list(totals.after.map((slot) => slot.requests / seconds)),
      'CPU ms/req before': list(perRequest('before'), 3),
      'CPU ms/req after': list(perRequest('after'), 3),
      'capacity change (median)': `${capacity.map(percent).join(', ')} (${percent(median(capacity))})`,
    });
  }
} finally {
  clearInterval(scraper);
  await stopBoth();
}
console.log(
  `\nMetrics cost on Node ${process.version}, ${os.availableParallelism()} CPU(s), load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
console.table(rows);
console.log(`${scrapes} scrapes of the metrics answered during the run`);
