/**
 * The one rule that keeps secrets out of every log line (server/src/http/secretRedaction.ts), and
 * the bounded text the server says of team code's errors (server/src/sandbox/errorText.ts): each
 * kind of secret, in the shapes a log line holds it, and what an app's real log lines hold.
 */
import { Writable } from 'node:stream';
import { redactLine, registerSecretValues } from '../src/http/secretRedaction';
import { ERROR_TEXT_MAX, errorText, registerServerPaths, withoutServerPaths } from '../src/sandbox/errorText';
import { testApp, testConfig } from './helpers';

const TOKEN = `ctd_catalogue_${'A1b2_C3d4-'.repeat(4)}xyz`;

describe('the secret rule of the logs', () => {
  it.each([
    ['a deploy token', `{"msg":"refused ${TOKEN}"}`, '{"msg":"refused ctd_catalogue_[redacted]"}'],
    ['a platform token in a message', `token ${'ctd_platform_'}${'x'.repeat(43)} used`, 'token ctd_platform_[redacted] used'],
    [
      "a database URL's password",
      '{"err":"connect failed postgres://copytech:s3cr3t-pass@db.internal:5432/copytech"}',
      '{"err":"connect failed postgres://[redacted]@db.internal:5432/copytech"}',
    ],
    ["Redis's password without a user", 'redis://:r3dis-pass@cache:6379 down', 'redis://[redacted]@cache:6379 down'],
    ['SMTP credentials', 'smtps://mailer:p%40ss@smtp.example.com', 'smtps://[redacted]@smtp.example.com'],
    ['a bearer header', 'Authorization: Bearer abcdef0123456789', 'Authorization: [redacted] [redacted]'],
    ['a JSON password field', '{"user":"a","password":"hunter2 \\" x"}', '{"user":"a","password":"[redacted]"}'],
    ['an api key field', '{"x-api-key":"k-123456"}', '{"x-api-key":"[redacted]"}'],
    ['a secret in a query', 'GET /hook?token=abc123&page=2', 'GET /hook?token=[redacted]&page=2'],
    ['a private key', 'key -----BEGIN PRIVATE KEY-----\\nMIIEv\\n-----END PRIVATE KEY----- end', 'key [redacted] end'],
  ])('takes out %s', (_kind, line, expected) => {
    expect(redactLine(line)).toBe(expected);
  });

  it('leaves an ordinary line as it is', () => {
    const line =
      '{"level":30,"reqId":"abc","req":{"method":"GET","url":"/printers/multifunctionals?page=2"},"msg":"the deploy token is for checker"}';
    expect(redactLine(line)).toBe(line);
  });

  it('takes out the values the server was configured with, wherever they appear', () => {
    registerSecretValues(['an-hmac-key-of-the-human-check-0123456789']);
    expect(redactLine('{"msg":"key an-hmac-key-of-the-human-check-0123456789 in a stack"}')).toBe('{"msg":"key [redacted] in a stack"}');
    // short values would blank out words: never registered
    registerSecretValues(['abc']);
    expect(redactLine('abc')).toBe('abc');
  });

  it("holds for an app's own log lines: a DATABASE_URL's password and a token logged by mistake come out redacted", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await testApp(testConfig({ logLevel: 'info', enquiryApi: { url: 'https://crm.example/api', key: 'crm-key-0123456789' } }), {
      logger: { stream },
    });
    app.log.info({ url: 'postgres://copytech:pg-pass-123@db/x', token: TOKEN }, `tried ${TOKEN} with crm-key-0123456789`);
    await app.close();
    const text = lines.join('');
    expect(text).toContain('tried ctd_catalogue_[redacted] with [redacted]');
    expect(text).not.toContain('pg-pass-123');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('crm-key-0123456789');
  });
});

describe("what the server says of team code's errors", () => {
  registerServerPaths(['/srv/copytech/site']);

  it('is the first line only, bounded, and never a path of the server', () => {
    const error = new Error(
      `cannot read /srv/copytech/site/var/deploy-tokens.json: ${'x'.repeat(400)}\n    at Object.<anonymous> (/srv/copytech/site/x.js:1:1)`,
    );
    const text = errorText(error);
    expect(text.startsWith('cannot read [server path]: xxx')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(ERROR_TEXT_MAX);
    expect(text).not.toContain('\n');
    expect(text).not.toContain('/srv/copytech');
  });

  it('says a path inside the release relative to it, and any other file path or file URL not at all', () => {
    const release = '/tmp/ct-store/checker/a1b2c3d4e5f6';
    expect(withoutServerPaths(`threw at file://${release}/server/__federation_expose_x.js:3 and /etc/passwd`, [release])).toBe(
      'threw at server/__federation_expose_x.js:3 and [server path]',
    );
    expect(withoutServerPaths(`ENOENT: no such file or directory, open '/home/site/var/x.json'`)).toBe(
      "ENOENT: no such file or directory, open '[server path]'",
    );
  });

  it("keeps the site's own URL paths, which are not files", () => {
    expect(errorText('render /printers/multifunctionals: failed (over budget)')).toBe(
      'render /printers/multifunctionals: failed (over budget)',
    );
  });

  it('takes out secrets too', () => {
    expect(errorText(`leaked ${TOKEN}`)).toBe('leaked ctd_catalogue_[redacted]');
  });
});
