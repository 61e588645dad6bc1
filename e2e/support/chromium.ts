/**
 * Playwright cannot download browsers here: tests use the system Chromium (Debian package
 * `chromium`), or the one CHROMIUM_PATH names, and fail early with a clear message without it.
 */
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(
      `No Chromium at ${candidate}. Install Debian's Chromium (apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return candidate;
}
