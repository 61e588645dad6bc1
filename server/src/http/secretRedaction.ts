/**
 * The one rule that keeps secrets out of the logs (docs/deploy.md "Request ids and logs"): every
 * log line the server writes, whatever wrote it (a route, the outbox, the release gate, a render
 * process's message), passes through `redactLine` just before it is written (pino's
 * `hooks.streamWrite`, app.ts), so no call site can forget it. It replaces:
 *
 * - deploy tokens (`ctd_<scope>_<43 characters>`): `ctd_<scope>_[redacted]`;
 * - the credentials of a URL (`postgres://user:password@host`, `smtps://u:p@host`,
 *   `redis://:password@host`): `postgres://[redacted]@host`;
 * - an `Authorization`-style credential (`Bearer …`, `Basic …`);
 * - a PEM private key;
 * - the value of a JSON field or a `name=value` pair whose name says it holds a secret (password,
 *   secret, token, api key, hmac key, private key, authorization, cookie);
 * - any value the server was configured with as a secret (`registerSecretValues`: the database's
 *   and Redis's passwords, SMTP credentials, ALTCHA_HMAC_KEY, ENQUIRY_API_KEY), wherever it appears.
 *
 * A line with none of these is returned as it is, after one test of a short pattern: the rule costs
 * a page's request log lines well under a microsecond each.
 */

const REDACTED = '[redacted]';

/** Names of fields that hold a secret, as JSON keys or `name=value` pairs. */
const SECRET_NAME =
  '(?:password|passwd|pwd|secret|client_?secret|token|access_?token|refresh_?token|api[_-]?key|x-api-key|hmac_?key|private_?key|authorization|cookie|set-cookie)';

/** Anything that may hold a secret: the lines without it skip the replacements. */
const SUSPECT = new RegExp(`ctd_|:\\/\\/[^\\s/"]*@|bearer|basic |private key|${SECRET_NAME}`, 'i');

const TOKEN = /\b(ctd_[a-z]+_)[A-Za-z0-9_-]{16,}/g;
/** scheme://user:password@ or scheme://:password@ or scheme://token@ */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]{1,20}:\/\/)[^\s/@"'<>]+@/gi;
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi;
const PEM = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g;
/** "password":"…" in a JSON line (the value a JSON string, escapes included) */
const JSON_FIELD = new RegExp(`("${SECRET_NAME}"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
/** password=… or token: … in free text (a message, a URL's query) */
const PAIR = new RegExp(`\\b(${SECRET_NAME}\\s*[=:]\\s*)(?!\\[redacted\\])(?!")[^\\s&,;"'<>]+`, 'gi');

let secretValues: string[] = [];

/**
 * Values the server holds as secrets, replaced wherever they appear in a line (at least 8
 * characters: a short value would blank out ordinary words). Called once at start with the
 * configuration's secrets; later calls add to them.
 */
export function registerSecretValues(values: Array<string | null | undefined>): void {
  const more = values.filter((value): value is string => typeof value === 'string' && value.length >= 8);
  secretValues = [...new Set([...secretValues, ...more, ...more.map((value) => JSON.stringify(value).slice(1, -1))])].sort(
    (a, b) => b.length - a.length,
  );
}

/**
 * The secret in a URL-shaped setting: its password (`postgres://user:password@host`), or the user
 * part when there is no password (`redis://token@host`). A user name beside a password is not one
 * (`copytech` would blank out every word that holds it).
 */
export function urlSecrets(url: string | null | undefined): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    const secret = parsed.password || parsed.username;
    return [secret, decodeURIComponent(secret)].filter(Boolean);
  } catch {
    return [];
  }
}

/** A line (or any text) with every secret the rule knows replaced. */
export function redactLine(line: string): string {
  let out = line;
  for (const value of secretValues) if (out.includes(value)) out = out.split(value).join(REDACTED);
  if (!SUSPECT.test(out)) return out;
  return out
    .replace(PEM, REDACTED)
    .replace(TOKEN, `$1${REDACTED}`)
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
    .replace(JSON_FIELD, `$1"${REDACTED}"`)
    .replace(PAIR, `$1${REDACTED}`);
}
