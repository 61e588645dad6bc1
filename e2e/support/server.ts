/**
 * Starts the production server (server/dist/main.js, built by `npm run build`) for a test, on a
 * free loopback port with its own var/ directory, and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'server', 'dist', 'main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  varDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
  const port = await freePort();
  const varDir = env.VAR_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'copytech-e2e-'));
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      VAR_DIR: varDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000',
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/remotes.json`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error('server did not start within 30 s');
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    varDir,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // A graceful close waits for open connections; a browser still holding one (keep-alive,
        // a request in flight) must not hang the test run: after 5 s the server is killed.
        const grace = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(grace);
      }
      if (!env.VAR_DIR) rmSync(varDir, { recursive: true, force: true });
    },
  };
}
