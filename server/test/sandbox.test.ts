/**
 * The sandbox of team code (server/src/sandbox/sandbox.ts): the command it starts, the environment
 * it hands on, and each of its locks on its own, tried with plain scripts in a sandboxed process
 * (the render processes' test tries them all together through a real render).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { networkIsolation, sandboxCommand, sandboxEnvironment, spawnSandboxed } from '../src/sandbox/sandbox';
import { tempDir } from './helpers';

/** Runs `script` (CommonJS) in the sandbox with these reads; what it sent over IPC and its exit code. */
function runSandboxed(script: string, readPaths: string[] = []): Promise<{ sent: unknown[]; code: number | null; stderr: string[] }> {
  const dir = tempDir('ct-sandbox-');
  const entry = path.join(dir, 'probe.cjs');
  fs.writeFileSync(entry, script);
  const sent: unknown[] = [];
  const stderr: string[] = [];
  const child = spawnSandboxed({ entry, readPaths, heapMb: 64, onStderr: (line) => stderr.push(line) });
  child.on('message', (message) => sent.push(message));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ sent, code, stderr })));
}

describe('the sandbox of team code', () => {
  it("hands on nothing of the server's environment but NODE_ENV and TZ", () => {
    const env = sandboxEnvironment({
      NODE_ENV: 'production',
      TZ: 'Europe/London',
      DATABASE_URL: 'postgres://u:p@h/d',
      ALTCHA_HMAC_KEY: 'k'.repeat(40),
      NODE_OPTIONS: '--require /tmp/evil.js',
      PATH: '/usr/bin',
    });
    expect(env).toEqual({ NODE_ENV: 'production', TZ: 'Europe/London' });
    // an odd NODE_ENV is not handed on as it is
    expect(sandboxEnvironment({ NODE_ENV: 'staging --inspect' })).toEqual({ NODE_ENV: 'production' });
  });

  it('starts Node with the permission model, a read rule per folder and no other right', () => {
    const { command, args } = sandboxCommand(
      { entry: '/srv/site/server/dist/render-worker.js', readPaths: ['/srv/site/node_modules'], heapMb: 256 },
      'guard',
    );
    expect(command).toBe(process.execPath);
    expect(args).toEqual([
      expect.stringMatching(/^--(experimental-)?permission$/),
      '--allow-fs-read=/srv/site/server/dist',
      '--allow-fs-read=/srv/site/node_modules',
      '--max-old-space-size=256',
      '--disable-warning=ExperimentalWarning',
      '/srv/site/server/dist/render-worker.js',
    ]);
    expect(args.some((arg) => /allow-(fs-write|child-process|worker|addons|wasi)/.test(arg))).toBe(false);
    const namespaced = sandboxCommand({ entry: '/x/w.js', readPaths: [], heapMb: 64 }, 'namespace');
    expect(namespaced.command).toBe('unshare');
    expect(namespaced.args.slice(0, 5)).toEqual(['--user', '--map-root-user', '--net', '--', process.execPath]);
  });

  it("refuses reads outside its folders, and every write, even of the server's own files", async () => {
    const secret = path.join(tempDir('ct-sandbox-var-'), 'copytech.sqlite');
    fs.writeFileSync(secret, 'the database');
    const { sent } = await runSandboxed(
      `const fs = require('fs');
       const tryIt = (work) => { try { work(); return 'allowed'; } catch (error) { return error.code; } };
       process.send({ read: tryIt(() => fs.readFileSync(${JSON.stringify(secret)})), write: tryIt(() => fs.writeFileSync(__dirname + '/w.txt', 'x')), environ: tryIt(() => fs.readFileSync('/proc/self/environ')) }, () => process.exit(0));`,
    );
    expect(sent).toEqual([{ read: 'ERR_ACCESS_DENIED', write: 'ERR_ACCESS_DENIED', environ: 'ERR_ACCESS_DENIED' }]);
  });

  it('cuts the network below Node where the machine allows it: a raw connection, without the guard, reaches nothing', async () => {
    const isolation = networkIsolation();
    const listener = net.createServer((socket) => socket.destroy());
    let connections = 0;
    listener.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as net.AddressInfo;
    const { sent } = await runSandboxed(
      `const socket = require('net').connect(${port}, '127.0.0.1');
       socket.on('connect', () => process.send('connected', () => process.exit(0)));
       socket.on('error', (error) => process.send(error.code, () => process.exit(0)));`,
    );
    listener.close();
    if (isolation === 'namespace') {
      // the process's own loopback is down: nothing reaches the machine's
      expect(sent).toEqual([expect.stringMatching(/^(ENETUNREACH|ECONNREFUSED|EADDRNOTAVAIL)$/)]);
      expect(connections).toBe(0);
    } else {
      // without a namespace the guard (networkGuard.ts, loaded by the workers) is the lock: the render processes' test holds it
      console.warn('this machine refuses user namespaces: sandboxed processes rely on the network guard alone');
      expect(sent).toEqual(['connected']);
    }
  }, 30_000);
});
