/**
 * Settings for several instances: DATABASE_URL or REDIS_URL mean more than one instance, which
 * must share the human check's key; REDIS_URL is checked without echoing its password; the drain's
 * bounds.
 */
import { StartupError, loadConfig } from '../src/config';

const KEY = 'k'.repeat(64);

describe('several instances', () => {
  it.each([
    ['DATABASE_URL', 'postgres://copytech:pw@db.internal:5432/copytech'],
    ['REDIS_URL', 'redis://:pw@redis.internal:6379'],
  ])('%s without ALTCHA_HMAC_KEY is refused with one line saying why', (name, value) => {
    const load = () => loadConfig({ [name]: value });
    expect(load).toThrow(StartupError);
    expect(load).toThrow(
      `ALTCHA_HMAC_KEY must be set when ${name} is set: every instance must sign the human check with the same key (e.g. \`openssl rand -hex 32\`)`,
    );
    expect(loadConfig({ [name]: value, ALTCHA_HMAC_KEY: KEY })).toBeTruthy();
  });

  it('reads DATABASE_URL and REDIS_URL, or none (one instance, as before)', () => {
    expect(loadConfig({})).toMatchObject({ database: { url: null }, redisUrl: null, shutdownTimeoutMs: 25_000, drainDelayMs: 0 });
    expect(loadConfig({ DATABASE_URL: '  ', ALTCHA_HMAC_KEY: KEY }).database.url).toBeNull();
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@redis.internal:6380/0', ALTCHA_HMAC_KEY: KEY }).redisUrl).toBe(
      'rediss://:pw@redis.internal:6380/0',
    );
  });

  it('refuses a REDIS_URL that is not redis:// without repeating it (it may hold a password)', () => {
    const load = () => loadConfig({ REDIS_URL: 'http://:hunter2@redis.internal', ALTCHA_HMAC_KEY: KEY });
    expect(load).toThrow(StartupError);
    expect(load).toThrow(/^REDIS_URL must be redis:\/\//);
    expect(load).not.toThrow(/hunter2/);
  });

  it('keeps DRAIN_DELAY_MS below SHUTDOWN_TIMEOUT_MS', () => {
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '10000', DRAIN_DELAY_MS: '5000' })).toMatchObject({
      shutdownTimeoutMs: 10_000,
      drainDelayMs: 5_000,
    });
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000', DRAIN_DELAY_MS: '5000' })).toThrow(
      'DRAIN_DELAY_MS (5000) must be less than SHUTDOWN_TIMEOUT_MS (5000)',
    );
  });
});
