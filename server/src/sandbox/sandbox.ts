/**
 * Where team code runs (docs/architecture.md "Team code's rights"): a remote's build is another
 * team's code, so the server never runs it in its own process. The release gate's render and the
 * renders of pages run it in separate Node processes started here, each with only the rights
 * rendering needs:
 *
 * - **No secret in reach.** The process's environment is empty but for NODE_ENV (and TZ): no
 *   DATABASE_URL, SMTP_URL, ALTCHA_HMAC_KEY, ENQUIRY_API_KEY, DEPLOY_TOKENS, nothing inherited. It
 *   gets no file descriptor but its stderr and its IPC channel with the server.
 * - **Files: read only what rendering loads.** Node's permission model is on: it may read only the
 *   folders it is given (`readPaths`: the worker's own built script, the installed packages, the
 *   server builds of the shell and the remotes' releases) and write nowhere; `VAR_DIR` (the
 *   database file, the deploy tokens, the outbox's e-mails), the configuration and the rest of the
 *   machine are refused (ERR_ACCESS_DENIED). It may not start processes or worker threads, load
 *   native addons or WASI, or open the inspector (the model refuses them without a flag, and none
 *   is given).
 * - **No network.** Its API reads go to the server over its IPC channel (answered through the
 *   server's public GET routes, like a browser's), so it needs none. Where the machine allows
 *   unprivileged user namespaces (`unshare --user --net`, util-linux), the process starts in a
 *   network namespace of its own, whose only interface is a loopback that is down: nothing it
 *   sends leaves it. Everywhere, networkGuard.ts replaces Node's socket, datagram and DNS functions
 *   before any team code loads.
 * - **Bounded.** A heap limit of its own (`heapMb`); its stdout is dropped and its stderr is read
 *   a line at a time, bounded, into the server's log (through the same secret rule as every line).
 *
 * The server treats every message from such a process as untrusted input: bounded, validated, and
 * what it says of errors reduced to one line without paths (errorText.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Node's flag for the permission model: `--permission` from Node 22.13, `--experimental-permission` before. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';

export type NetworkIsolation = 'namespace' | 'guard';

let isolation: NetworkIsolation | null = null;
const NAMESPACE = ['--user', '--map-root-user', '--net', '--'];

/**
 * Whether sandboxed processes get a network namespace of their own: tried once (a process started
 * in one, exiting at once); 'guard' when the machine refuses it (no util-linux `unshare`, or user
 * namespaces disabled), and then networkGuard.ts is the only lock.
 */
export function networkIsolation(): NetworkIsolation {
  if (isolation === null) {
    const probe = spawnSync('unshare', [...NAMESPACE, process.execPath, '-e', '0'], { stdio: 'ignore', timeout: 10_000, env: {} });
    isolation = probe.status === 0 ? 'namespace' : 'guard';
  }
  return isolation;
}

export interface SandboxOptions {
  /** the built script to run */
  entry: string;
  /** files and folders it may read, besides its own script's folder; nothing else */
  readPaths: string[];
  /** the V8 heap limit, in MB */
  heapMb: number;
  /** arguments after the script (not secret: anyone on the machine sees a process's arguments) */
  args?: string[];
  /** a line of the process's stderr, bounded (at most 50 lines a minute are passed on) */
  onStderr?: (line: string) => void;
}

/** The environment of a sandboxed process: nothing of the server's. */
export function sandboxEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return {
    NODE_ENV: env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'production',
    ...(env.TZ ? { TZ: env.TZ } : {}),
  };
}

/** The command and arguments that start `options.entry` in the sandbox. */
export function sandboxCommand(
  options: SandboxOptions,
  network: NetworkIsolation = networkIsolation(),
): { command: string; args: string[] } {
  const reads = [...new Set([path.dirname(options.entry), ...options.readPaths].map((p) => path.resolve(p)))];
  const node = [
    PERMISSION_FLAG,
    ...reads.map((p) => `--allow-fs-read=${p}`),
    `--max-old-space-size=${options.heapMb}`,
    '--disable-warning=ExperimentalWarning',
    options.entry,
    ...(options.args ?? []),
  ];
  return network === 'namespace'
    ? { command: 'unshare', args: [...NAMESPACE, process.execPath, ...node] }
    : { command: process.execPath, args: node };
}

const STDERR_LINES_PER_MINUTE = 50;
const STDERR_LINE_CHARS = 2000;

/** Starts `options.entry` in the sandbox, with an IPC channel (JSON messages). */
export function spawnSandboxed(options: SandboxOptions): ChildProcess {
  const { command, args } = sandboxCommand(options);
  const child = spawn(command, args, {
    env: sandboxEnvironment(),
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    cwd: path.dirname(options.entry),
    serialization: 'json',
  });
  if (child.stderr) {
    // Lines of at most STDERR_LINE_CHARS (the rest of a longer one is dropped), at most STDERR_LINES_PER_MINUTE.
    let minute = 0;
    let lines = 0;
    let line = '';
    let overlong = false;
    const emit = (text: string) => {
      const now = Math.floor(Date.now() / 60_000);
      if (now !== minute) [minute, lines] = [now, 0];
      lines += 1;
      if (lines <= STDERR_LINES_PER_MINUTE && text.trim() !== '') options.onStderr?.(text);
    };
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      const parts = chunk.split('\n');
      for (const [index, part] of parts.entries()) {
        if (!overlong) line += part.slice(0, STDERR_LINE_CHARS - line.length);
        if (line.length >= STDERR_LINE_CHARS) overlong = true;
        if (index < parts.length - 1) {
          emit(line);
          line = '';
          overlong = false;
        }
      }
    });
    child.stderr.on('error', () => undefined);
  }
  return child;
}
