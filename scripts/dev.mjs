// `npm run dev`: the whole site in watch mode. The API server (tsx watch) on :8080 serves a
// /remotes.json that points at each remote's dev server, and the shell's dev server on :3000
// proxies /api, /assets and /remotes.json to it. Open http://localhost:3000.
//
// The server keeps its data in var/dev (VAR_DIR), apart from `npm start`'s var/: the REMOTE_*_URL
// below only seed a remote's first release in the release registry (docs/deploy.md "Releasing a
// remote"), so a database whose remotes are live on their local builds would ignore them.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
// The apps, their dev ports and the remotes, from shared/apps.json.
const { APPS, DEV_PORTS, HOST, REMOTES } = require('../shared/build/apps.cjs');
const apiPort = process.env.PORT || '8080';
const varDir = process.env.VAR_DIR || path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'var', 'dev');

const remoteUrls = Object.fromEntries(
  REMOTES.map(({ name }) => [`REMOTE_${name.toUpperCase()}_URL`, `http://localhost:${DEV_PORTS[name]}/mf-manifest.json`]),
);

const jobs = [
  { name: 'server', args: ['run', 'dev', '-w', 'server'], env: { PORT: apiPort, SERVE_SITE: 'false', VAR_DIR: varDir, ...remoteUrls } },
  ...APPS.map(({ folder }) => ({
    name: folder,
    args: ['run', 'dev', '-w', folder],
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
  `Dev site: http://localhost:${DEV_PORTS[HOST.name]} (API on :${apiPort}); remotes on ${REMOTES.map(({ name }) => DEV_PORTS[name]).join(', ')}`,
);
const stop = () => {
  children.forEach((child) => child.kill('SIGTERM'));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
