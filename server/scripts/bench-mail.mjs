// npm run bench:mail: how fast the outbox drains a backlog into a real SMTP receiver, and how
// long a fresh visitor's quote mail waits behind it.
//
// Starts the built app in this process with a temporary VAR_DIR (seeded from server/data) and a
// local SMTP receiver (smtp-server) on loopback, with the worker stopped. It queues the backlog
// through the real route, BENCH_MAILS / 2 quotes (each writes the visitor's mail and the sales
// notification), starts the real worker, and when half the backlog has left it posts one more
// quote and times how long that visitor's mail takes to reach the receiver. It prints the drain
// rate in messages/s and that wait. BENCH_MAILS (default 10000), BENCH_TIMEOUT_S (default 1800),
// BENCH_FRESH_AT (default 0.5: the share of the backlog received before the new quote; below 0.5
// the backlog's own visitor mails, first in line like the new one, are still leaving).
// The outbox settings of the environment (OUTBOX_CONCURRENCY, SMTP_MAX_CONNECTIONS, …) apply.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { buildApp, loadConfig } from '../dist/app.js';

const mails = Math.max(2, Number(process.env.BENCH_MAILS || 10_000));
const timeoutMs = Number(process.env.BENCH_TIMEOUT_S || 1800) * 1000;
const freshShare = Number(process.env.BENCH_FRESH_AT || 0.5);
const FRESH = 'fresh.visitor@example.co.uk';

let received = 0;
let freshAt = 0;
let onMessage = () => {};
const receiver = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      if (session.envelope.rcptTo.some((r) => r.address === FRESH)) freshAt = performance.now();
      callback();
      onMessage();
    });
  },
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const smtpPort = receiver.server.address().port;

const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copytech-bench-mail-'));
const config = loadConfig({
  ...process.env,
  VAR_DIR: varDir,
  SERVE_SITE: 'false',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  ENQUIRY_API_URL: '',
  MAUTIC_URL: '',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_QUOTE_PER_MINUTE: String(1e9),
  RATE_LIMIT_FORMS_PER_MINUTE: String(1e9),
});
const app = await buildApp({ config, logger: false, outbox: { autoStart: false } });
await app.ready();

const quote = (email) =>
  app.inject({
    method: 'POST',
    url: '/api/quote',
    headers: { 'content-type': 'application/json' },
    payload: {
      productIds: ['canonimagerunneradvancedxc5840i', 'ricohimc3010'],
      contactDetails: { firstName: 'Bench', lastName: 'Mark', email, phoneNumber: '0116 496 0123', postcode: 'LE19 1WX' },
      eventType: 'QUOTE',
      utm: {},
    },
  });

const pendingRows = async () =>
  Number(
    (
      await app.db
        .selectFrom('outbox')
        .where('status', '=', 'pending')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

try {
  process.stdout.write(`queueing ${mails} mails (${mails / 2} quotes)…\n`);
  for (let i = 0; i < mails / 2; i++) {
    const res = await quote(`bench${i}@example.co.uk`);
    if (res.statusCode !== 201) throw new Error(`quote answered ${res.statusCode}`);
  }
  const backlog = await pendingRows();
  process.stdout.write(`${backlog} rows pending; starting the worker\n`);

  const total = backlog + 2;
  let freshPostedAt = 0;
  const started = performance.now();
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out with ${received} of ${total} received`)), timeoutMs);
    onMessage = () => {
      if (!freshPostedAt && received >= backlog * freshShare) {
        // timed from the moment the visitor sends the form
        freshPostedAt = performance.now();
        quote(FRESH).then((res) => {
          if (res.statusCode !== 201) reject(new Error(`fresh quote answered ${res.statusCode}`));
        }, reject);
      }
      if (received >= total) {
        clearTimeout(timer);
        resolve();
      }
    };
  });
  app.outbox.start();
  await done;
  const seconds = (performance.now() - started) / 1000;

  console.log(`\nCopytech outbox on Node ${process.version}, ${os.cpus().length} CPU(s), SMTP receiver on loopback`);
  console.table([
    {
      messages: received,
      seconds: Number(seconds.toFixed(2)),
      'messages/s': Math.round(received / seconds),
      'fresh visitor mail waited (s)': Number(((freshAt - freshPostedAt) / 1000).toFixed(2)),
    },
  ]);
} finally {
  await app.close();
  await new Promise((resolve) => receiver.close(resolve));
  fs.rmSync(varDir, { recursive: true, force: true });
}
