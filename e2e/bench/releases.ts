/**
 * npm run bench:releases (e2e): the release registry's figures on this machine, in the production
 * topology (docs/deploy.md "Releasing a remote"): its own PostgreSQL and Redis, two instances of the
 * built server, the checker's releases on another origin. Prints, and writes to
 * test-results/bench-releases.json:
 *
 * 1. propagation: 20 changes of the checker's live release through instance A (promote and rollback
 *    in turn), each timed until instance B renders the checker page with it (its X-Remote-Releases
 *    header, polled every 20 ms): median, p99 and the largest. Target: p99 under 2 s.
 * 2. no failed request: BENCH_RPS (200) requests a second of mixed pages, spread over both
 *    instances, for BENCH_SECONDS (20) while the checker is promoted, rolled back and canaried
 *    every two seconds. Target: 0 failed (a failure is an answer other than 200, or none).
 * 3. the gate: how long a publish from an origin (the gate at publish) and a promote (the gate
 *    again) take, three of each. Target: under 10 s.
 *
 * `npm run build` must have run. Debian's postgresql and redis-server must be installed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server';
import { startReleaseOrigin } from '../topology/receivers';
import { startPostgres, startRedis, waitFor } from '../topology/services';

const RPS = Number(process.env.BENCH_RPS || 200);
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const PAGES = ['/', '/printers/multifunctionals', '/photocopiers', '/discover-print-savings', '/contact-us', '/blog', '/scanners'];
const token = `ctd_checker_${randomBytes(32).toString('base64url')}`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function api(server: RunningServer, pathname: string, body: unknown) {
  const response = await fetch(`${server.url}/api/releases/checker${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${pathname || 'publish'}: HTTP ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function checkerOf(server: RunningServer): Promise<string> {
  const response = await fetch(server.url + '/discover-print-savings');
  await response.arrayBuffer();
  return /checker=([^,\s]+)/.exec(response.headers.get('x-remote-releases') ?? '')?.[1] ?? '';
}

async function propagation(a: RunningServer, b: RunningServer, ids: [string, string]) {
  const times: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const target = ids[(i + 1) % 2]!;
    const started = Date.now();
    await api(a, '/promote', { release: target });
    await waitFor(async () => (await checkerOf(b)) === target, 10_000, `b to render ${target}`);
    times.push(Date.now() - started);
  }
  return { changes: times.length, medianMs: percentile(times, 50), p99Ms: percentile(times, 99), maxMs: Math.max(...times) };
}

/** Open-loop load: a request every 1000/RPS ms, whatever the answers' speed, while `changes` runs. */
async function underLoad(servers: RunningServer[], changes: () => Promise<void>) {
  const outcome = { sent: 0, ok: 0, failed: 0, statuses: {} as Record<string, number>, latencies: [] as number[] };
  const inFlight = new Set<Promise<void>>();
  const deadline = Date.now() + SECONDS * 1000;
  const changing = changes();
  const start = performance.now();
  for (let i = 0; Date.now() < deadline; i += 1) {
    const url = servers[i % servers.length]!.url + PAGES[i % PAGES.length]!;
    const started = performance.now();
    outcome.sent += 1;
    const request = fetch(url, { signal: AbortSignal.timeout(10_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        outcome.statuses[response.status] = (outcome.statuses[response.status] ?? 0) + 1;
        if (response.status === 200) outcome.ok += 1;
        else outcome.failed += 1;
      })
      .catch(() => {
        outcome.failed += 1;
        outcome.statuses.error = (outcome.statuses.error ?? 0) + 1;
      })
      .finally(() => {
        outcome.latencies.push(performance.now() - started);
        inFlight.delete(request);
      });
    inFlight.add(request);
    // Each request at its own time (start + i / RPS), however late the timer wakes: the rate holds.
    const due = start + ((i + 1) * 1000) / RPS - performance.now();
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
  }
  await changing;
  await Promise.all(inFlight);
  const seconds = SECONDS;
  return {
    rps: RPS,
    seconds,
    sent: outcome.sent,
    achievedRps: Math.round(outcome.sent / seconds),
    ok: outcome.ok,
    failed: outcome.failed,
    statuses: outcome.statuses,
    p50Ms: Math.round(percentile(outcome.latencies, 50)),
    p99Ms: Math.round(percentile(outcome.latencies, 99)),
  };
}

async function main() {
  const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const root = mkdtempSync(path.join(os.tmpdir(), 'copytech-bench-origin-'));
  mkdirSync(path.join(root, 'checker'));
  const origin = await startReleaseOrigin(root);
  const folders = ['bench-1', 'bench-2', 'bench-3', 'bench-4', 'bench-5'].map((name) => {
    cpSync(path.join(REPO_ROOT, 'mfe-checker', 'dist'), path.join(root, 'checker', name), { recursive: true });
    return origin.folder('checker', name);
  });
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    REMOTE_CHECKER_URL: `${folders[0]}mf-manifest.json`,
    // publish --origin reads this loopback origin: listed by its address, as a non-public address must be
    RELEASE_ORIGINS: origin.origin,
    DEPLOY_TOKENS: `checker:bench:${createHash('sha256').update(token).digest('hex')}`,
    RATE_LIMIT_RELEASES_PER_MINUTE: '100000',
    LOG_LEVEL: 'error',
  };
  const [a, b] = await Promise.all([startServer(env), startServer(env)]);
  const figures: Record<string, unknown> = { machine: { cpus: os.availableParallelism(), node: process.version } };
  try {
    const gate: { publishMs: number[]; promoteMs: number[] } = { publishMs: [], promoteMs: [] };
    const ids: string[] = [];
    for (const folder of folders.slice(1, 4)) {
      const started = Date.now();
      const published = await api(a, '', { origin: folder });
      gate.publishMs.push(Date.now() - started);
      ids.push(published.release as string);
    }
    for (const id of ids) {
      const started = Date.now();
      await api(a, '/promote', { release: id });
      gate.promoteMs.push(Date.now() - started);
    }
    figures.gate = { ...gate, publishMedianMs: percentile(gate.publishMs, 50), promoteMedianMs: percentile(gate.promoteMs, 50) };
    console.log('gate:', JSON.stringify(figures.gate));

    figures.propagation = await propagation(a, b, [ids[0]!, ids[1]!]);
    console.log('propagation:', JSON.stringify(figures.propagation));

    const steps: Array<Record<string, unknown>> = [
      { path: '/promote', body: { release: ids[2] } },
      { path: '/promote', body: { release: ids[0], percent: 30 } },
      { path: '/promote', body: { release: ids[0], percent: 70 } },
      { path: '/rollback', body: { reason: 'bench' } },
      { path: '/rollback', body: { reason: 'bench' } },
      { path: '/promote', body: { release: ids[1], percent: 50 } },
      { path: '/promote', body: { release: ids[1] } },
      { path: '/rollback', body: { reason: 'bench' } },
    ];
    const done: string[] = [];
    figures.underLoad = await underLoad([a, b], async () => {
      for (const step of steps) {
        await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / (steps.length + 1)));
        await api(a, step.path as string, step.body);
        done.push(`${step.path as string} ${JSON.stringify(step.body)}`);
      }
    });
    (figures.underLoad as Record<string, unknown>).changes = done;
    console.log('under load:', JSON.stringify(figures.underLoad));
  } finally {
    await Promise.allSettled([a.stop(), b.stop()]);
    await Promise.allSettled([origin.stop(), redis.stop(), postgres.stop()]);
    rmSync(root, { recursive: true, force: true });
  }
  mkdirSync(path.join(__dirname, '..', 'test-results'), { recursive: true });
  writeFileSync(path.join(__dirname, '..', 'test-results', 'bench-releases.json'), JSON.stringify(figures, null, 2));
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
