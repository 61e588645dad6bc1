// `npm run dev`: the whole site in watch mode. The API server (tsx watch) on :8080 serves a
// /remotes.json that points at each remote's dev server, and the shell's dev server on :3000
// proxies /api, /assets and /remotes.json to it. Open http://localhost:3000.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { DEV_PORTS } = require('../shared/build/createAppConfig.cjs');
const apiPort = process.env.PORT || '8080';

const remoteUrls = Object.fromEntries(
  ['catalogue', 'basket', 'checker', 'content'].map((name) => [
    `REMOTE_${name.toUpperCase()}_URL`,
    `http://localhost:${DEV_PORTS[name]}/mf-manifest.json`,
  ]),
);

const jobs = [
  { name: 'server', args: ['run', 'dev', '-w', 'server'], env: { PORT: apiPort, SERVE_SITE: 'false', ...remoteUrls } },
  ...['shell', 'mfe-catalogue', 'mfe-basket', 'mfe-checker', 'mfe-content'].map((ws) => ({
    name: ws,
    args: ['run', 'dev', '-w', ws],
    env: { API_ORIGIN: `http://localhost:${apiPort}` },
  })),
];

const children = jobs.map(({ name, args, env }) => {
  const child = spawn('npm', args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}]`.padEnd(16);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on('exit', (code) => process.stdout.write(`${prefix}exited with ${code}\n`));
  return child;
});

console.log(
  `Dev site: http://localhost:${DEV_PORTS.shell} (API on :${apiPort}); remotes on ${Object.values(DEV_PORTS).slice(1).join(', ')}`,
);
const stop = () => {
  children.forEach((child) => child.kill('SIGTERM'));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
