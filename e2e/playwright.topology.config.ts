import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium';

/**
 * The topology test (docs/deploy.md "The topology test"): two server instances on one PostgreSQL
 * and one Redis, a remote from another origin, a mail server and a load balancer, all on this
 * machine. `npm run build` must have run. One worker: the steps share the instances, in order.
 */
export default defineConfig({
  testDir: './topology',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
});
