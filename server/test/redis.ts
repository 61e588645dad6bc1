/**
 * A throwaway redis-server for the tests that need one (the shared rate limits, the topology test):
 * on a loopback port, keeping nothing on disk. Without Debian's `redis-server` it fails saying so.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';

/** A redis-server on `port` (with `password`, when given), answering before this resolves. */
export async function startRedis(port: number, password?: string): Promise<ChildProcess> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error(
      "redis-server is not installed: install Debian's redis-server (apt-get install redis-server), or set TEST_REDIS=skip to skip these tests explicitly",
    );
  }
  const args = ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'];
  const child = spawn('redis-server', password ? [...args, '--requirepass', password] : args, { stdio: 'ignore' });
  const client = new Redis({ port, host: '127.0.0.1', password, retryStrategy: () => 50 });
  client.on('error', () => undefined);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not answer on port ${port} within 5 s`)), 5_000);
      client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    client.disconnect();
  }
  return child;
}

/** Kills it at once (nothing in it is kept), and waits until it has gone. */
export async function stopRedis(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
