import type { FullConfig } from '@playwright/test';
import { chromiumPath } from './chromium';
import { startServer } from './server';

/** One production server for the whole run (tests that need special settings start their own). */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  chromiumPath();
  const server = await startServer({ PORT_HINT: '' });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_VAR_DIR = server.varDir;
  return () => server.stop();
}
