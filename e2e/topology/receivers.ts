/**
 * What stands around the server instances in the topology test: an SMTP receiver that keeps every
 * message it accepts, a static origin that serves one remote's builds from another origin (as a
 * CDN does), and a load balancer that sends each request to an instance whose readiness probe
 * passes, as a production one does.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../support/server';

export interface ReceivedMail {
  messageId: string;
  to: string[];
  subject: string;
}

/**
 * Keeps every message it accepts, each copy. It is slow to take each recipient (`delayMs`), so the
 * outbox's rows stay in flight a while, as with a busy mail server; a message is accepted as soon
 * as its data has arrived. On `port` when given (a receiver started again where one was stopped).
 */
export async function startSmtpReceiver(delayMs: number, port?: number) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // stop() ends the sessions still open after 1 s (the server's mail transport keeps some open)
    closeTimeout: 1000,
    onRcptTo(_address, _session, callback) {
      setTimeout(() => callback(), delayMs);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(text)?.[1]?.trim() ?? '';
        mails.push({ messageId: header('Message-ID'), to: session.envelope.rcptTo.map((r) => r.address), subject: header('Subject') });
        callback();
      });
    },
  });
  // A client killed mid-session resets its connection: that is the client's end, not the receiver's.
  server.on('error', () => undefined);
  const listenOn = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${listenOn}`,
    port: listenOn,
    mails,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.html': 'text/html' };

/**
 * Sends a file of `root` as a CDN sends a release's files: hashed files for a year and immutable,
 * manifests and entries `no-cache`, and CORS, since the shell that loads them is on another
 * origin. False (nothing sent) when `relative` is not a file inside `root`.
 */
function sendFile(response: http.ServerResponse, root: string, relative: string): boolean {
  const file = path.join(root, relative);
  if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return false;
  const hashed = /\.[0-9a-f]{8,}\.(js|css)$/.test(file);
  response.writeHead(200, {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
  fs.createReadStream(file).pipe(response);
  return true;
}

/**
 * Serves `dist` under `/{name}/{version}/`, as a CDN holds each release of a remote in a folder of
 * its own: hashed files for a year and immutable, manifests and entries `no-cache`, and CORS, since
 * the shell that loads them is on another origin. Counts what it served.
 */
export async function startStaticOrigin(name: string, version: string, dist: string) {
  const served: string[] = [];
  const prefix = `/${name}/${version}/`;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://origin');
    const relative = decodeURIComponent(url.pathname.slice(prefix.length));
    if (url.pathname.startsWith(prefix) && sendFile(response, dist, relative)) served.push(relative);
    else response.writeHead(404).end();
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    manifestUrl: `http://127.0.0.1:${port}${prefix}mf-manifest.json`,
    served,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A load balancer: probes each instance's /api/health/ready every `probeMs` and sends each request
 * to the next ready one. A request whose instance refuses the connection is not retried: it counts
 * as failed, as a visitor would see it.
 */
export async function startBalancer(instances: string[], probeMs = 200) {
  const ready = new Set<string>();
  let next = 0;
  const probe = async () => {
    await Promise.all(
      instances.map(async (base) => {
        const ok = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(1000) }).then(
          (response) => response.status === 200,
          () => false,
        );
        if (ok) ready.add(base);
        else ready.delete(base);
      }),
    );
  };
  await probe();
  const timer = setInterval(() => void probe(), probeMs);
  const server = http.createServer((request, response) => {
    const targets = instances.filter((base) => ready.has(base));
    if (targets.length === 0) {
      response.writeHead(503).end('no instance is ready');
      return;
    }
    const target = new URL(targets[next++ % targets.length]!);
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers, agent: false },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end('upstream failed');
    });
    request.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    ready,
    stop: () => {
      clearInterval(timer);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A static origin holding many releases, as a CDN bucket does: `root/{remote}/{release}/…` served at
 * the same path (sendFile). Releases are added by copying folders into `root` while it runs.
 */
export async function startReleaseOrigin(root: string) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://origin');
    if (!sendFile(response, root, decodeURIComponent(url.pathname))) response.writeHead(404).end();
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    /** the URL of a release folder, as `publish --origin` takes it */
    folder: (remote: string, release: string) => `${origin}/${remote}/${release}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
