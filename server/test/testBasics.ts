/**
 * Test helpers that load nothing of the app: a temp folder and a clock the test moves. Tests of a
 * module on its own import these from here rather than from helpers.ts, which loads the whole
 * app (seconds per test file, paid again by every mutant of a mutation run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OutboxJob } from '../src/outbox/outbox';

export function tempDir(prefix = 'ct-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.parse('2026-11-20T09:00:00Z')) {
  let now = start;
  const clock = () => now;
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

/**
 * A logger that writes each line as pino does (its level as a number, the fields, `msg`) into
 * `lines`, for tests of what a module logs without an app around it.
 */
export function linesLog(lines: string[]) {
  const at =
    (level: number) =>
    (fields: object, msg?: string): void =>
      void lines.push(JSON.stringify({ level, ...fields, msg }));
  const log = { trace: at(10), debug: at(20), info: at(30), warn: at(40), error: at(50), fatal: at(60), child: () => log, level: 'info' };
  return log;
}

/** Waits (real time) until the condition holds, or fails with the message. */
export async function until(condition: () => boolean, message: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A mail job for the outbox, addressed to `to`. */
export const mailJob = (kind: string, reference: string, to = 'someone@example.com'): OutboxJob => ({
  channel: 'mail',
  kind,
  reference,
  payload: { from: { address: 'quotes@copytech.co.uk' }, to: [{ address: to }], subject: `s ${reference}`, text: 't', html: 'h' },
});
