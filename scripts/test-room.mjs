// `npm test -w <room>`: one room's tests, without the whole suite, so a team can ship its room alone.
// Every room: its own Jest project (the same one the root `npm test` runs). A remote, then: its
// production build, the server's build (what serves the API and the remote's standalone page), and
// the e2e of its standalone page (e2e/tests/standalone/<name>.spec.ts) in Chromium against them.
// The root `npm test` still runs every room, the composed site and these standalone specs.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The rooms are the workspaces of shared/apps.json that have a Jest project (all but the e2e suite).
const { WORKSPACES } = createRequire(import.meta.url)('../shared/build/apps.cjs');
const ROOMS = WORKSPACES.filter((workspace) => workspace.role !== 'tests').map((workspace) => workspace.folder);

const room = process.argv[2];
if (!ROOMS.includes(room)) {
  console.error(`usage: node scripts/test-room.mjs <room>, one of ${ROOMS.join(', ')}`);
  process.exit(2);
}

function run(command, args, cwd = ROOT) {
  console.log(`\n> ${[command, ...args].join(' ')}${cwd === ROOT ? '' : `   (in ${path.relative(ROOT, cwd)})`}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', ['jest', '--config', path.join(ROOT, 'jest.config.cjs'), '--selectProjects', room]);

const remote = WORKSPACES.find((workspace) => workspace.folder === room && workspace.role === 'remote');
if (remote) {
  const server = WORKSPACES.find((workspace) => workspace.role === 'server').folder;
  const e2e = WORKSPACES.find((workspace) => workspace.role === 'tests').folder;
  run('npm', ['run', 'build', '-w', room]);
  run('npm', ['run', 'build', '-w', server]);
  run('npx', ['playwright', 'test', `tests/standalone/${remote.name}.spec.ts`], path.join(ROOT, e2e));
}
