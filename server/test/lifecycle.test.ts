/**
 * Shutdown behind a load balancer (plugins/lifecycle.ts): on drain, ready answers 503 while
 * liveness stays 200, requests and deliveries in flight finish, idle keep-alive connections do not
 * hold the process, new connections are refused, and within the bound; past it, the outbox claims
 * still held are released for another instance. And the real process exits 0 on SIGTERM.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app';
import { REPO_ROOT } from '../src/config';
import { openDatabase } from '../src/db/database';
import { drain } from '../src/plugins/lifecycle';
import { C5840I, quoteBody, tempDir, testConfig } from './helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An SMTP server that accepts each message only once `release()` is called. */
async function heldSmtp() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      receiving++;
      stream.resume();
      stream.on('end', () => void gate.then(() => callback()));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, release, receiving: () => receiving, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(port: number, method: string, url: string, options: { body?: unknown; agent?: http.Agent | false; slowMs?: number } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: options.agent ?? false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.slowMs ? { 'x-test-slow-ms': String(options.slowMs) } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The app on a real port, its outbox delivering through `smtpPort`; a request may ask to be slow. */
async function listening(smtpPort: number): Promise<{ app: FastifyInstance; port: number; varDir: string }> {
  const varDir = tempDir('ct-drain-');
  const app = await buildApp({
    config: testConfig({ varDir, smtpUrl: `smtp://127.0.0.1:${smtpPort}` }),
    logger: false,
    outbox: { pollMs: 50 },
  });
  app.addHook('onRequest', async (req) => {
    const slow = Number(req.headers['x-test-slow-ms'] ?? 0);
    if (slow > 0) await sleep(slow);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port, varDir };
}

async function until(check: () => boolean, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

describe('drain', () => {
  it('ready 503 at once, live 200; in-flight requests and deliveries finish; idle keep-alive and new connections do not hold it', async () => {
    const smtp = await heldSmtp();
    const { app, port, varDir } = await listening(smtp.port);
    const keepAlive = new http.Agent({ keepAlive: true });
    try {
      const first = await request(port, 'POST', '/api/quote', { body: quoteBody([C5840I]) });
      expect(first.status).toBe(201);
      await until(() => smtp.receiving() === 2); // its two e-mails are being delivered, and held
      expect((await request(port, 'GET', '/api/health/live', { agent: keepAlive })).status).toBe(200); // an idle keep-alive connection

      const inFlight = request(port, 'POST', '/api/quote', { body: quoteBody([C5840I]), slowMs: 600 });
      await sleep(50);
      const draining = drain(app, { delayMs: 200, timeoutMs: 5_000 });

      const ready = await request(port, 'GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ status: 'draining', statusCode: 503 });
      expect(ready.headers.connection).toBe('close');
      expect((await request(port, 'GET', '/api/health/live')).status).toBe(200);

      await sleep(250); // past the delay: the app is closing
      await expect(request(port, 'GET', '/api/health/live')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      expect((await inFlight).status).toBe(201);

      await sleep(100);
      smtp.release();
      const result = await draining;
      expect(result).toMatchObject({ clean: true });
      expect(result.ms).toBeLessThan(2_000);
    } finally {
      smtp.release();
      keepAlive.destroy();
      await app.close().catch(() => undefined);
      await smtp.close();
    }
    // The held deliveries went out; nothing is left claimed by the stopped worker.
    const db = await openDatabase(varDir);
    try {
      const rows = await db.selectFrom('outbox').select(['status', 'claimed_by', 'next_attempt_at']).execute();
      expect(rows.filter((row) => row.status === 'sent').length).toBeGreaterThanOrEqual(2);
      expect(rows.filter((row) => row.claimed_by !== null)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('past SHUTDOWN_TIMEOUT_MS: says what still runs and releases the outbox claims at once (not after the lease)', async () => {
    const smtp = await heldSmtp();
    const { app, port } = await listening(smtp.port);
    try {
      expect((await request(port, 'POST', '/api/quote', { body: quoteBody([C5840I]) })).status).toBe(201);
      await until(() => smtp.receiving() === 2);
      const before = await app.db.selectFrom('outbox').select(['next_attempt_at', 'claimed_by']).execute();
      expect(before.every((row) => row.claimed_by !== null && row.next_attempt_at > Date.now())).toBe(true);

      const result = await drain(app, { delayMs: 0, timeoutMs: 400 });
      expect(result).toMatchObject({ clean: false, stillRunning: { deliveries: 2, releasedClaims: 2 } });
      expect(result.ms).toBeLessThan(1_000);
      const after = await app.db.selectFrom('outbox').select(['status', 'next_attempt_at', 'claimed_by']).execute();
      const now = Date.now();
      expect(after.every((row) => row.status === 'pending' && row.claimed_by === null && row.next_attempt_at <= now)).toBe(true);
    } finally {
      smtp.release();
      await app.close().catch(() => undefined);
      await smtp.close();
    }
  });
});

describe('the process', () => {
  it('exits 0 on SIGTERM once drained, well within the bound', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
    const child = spawn(tsx, [path.join(REPO_ROOT, 'server', 'src', 'main.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        METRICS_PORT: '0',
        HOST: '127.0.0.1',
        SERVE_SITE: 'false',
        VAR_DIR: tempDir('ct-sigterm-'),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await until(() => out.includes('Copytech is running'), 30_000);
      const started = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(out).toContain('shut down cleanly');
    } finally {
      child.kill('SIGKILL');
    }
  }, 40_000);
});
