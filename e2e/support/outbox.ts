/**
 * The mail a server under test wrote: without SMTP_URL the outbox writes each message as an .eml
 * file in `<VAR_DIR>/outbox/`, named with the message's kind and reference.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface Mail {
  file: string;
  /** The message with its quoted-printable and base64 parts decoded. */
  text: string;
}

/** The shared server's VAR_DIR (set by the Playwright config). */
function sharedVarDir(): string {
  const varDir = process.env.E2E_VAR_DIR;
  if (!varDir) throw new Error('E2E_VAR_DIR is not set: run through the e2e Playwright config');
  return varDir;
}

/** The readable text of an .eml file: quoted-printable and base64 bodies decoded, headers as they are. */
export function decodeEml(raw: string): string {
  return raw
    .split(/\n(?=--)/)
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/Content-Transfer-Encoding:\s*base64/i.test(head))
        return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
      if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(head)) {
        const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return `${head}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
      }
      return part;
    })
    .join('\n');
}

/**
 * Every .eml in the outbox whose file name contains each of `nameParts` (a kind such as
 * 'quote-visitor', a reference), decoded. `varDir` is the shared server's unless given.
 */
export function outboxMails(nameParts: string[], varDir: string = sharedVarDir()): Mail[] {
  const dir = path.join(varDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.eml') && nameParts.every((part) => name.includes(part)))
    .map((name) => ({ file: name, text: decodeEml(readFileSync(path.join(dir, name), 'utf8')) }));
}
