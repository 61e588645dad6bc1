// `npm run build`: every app of shared/apps.json (the shell and the remotes), then the server, one
// after the other, as `npm run build -w <app> ... -w server` would. One app alone: `npm run build -w <app>`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const { APPS, WORKSPACES } = createRequire(import.meta.url)('../shared/build/apps.cjs');
const targets = [...APPS, ...WORKSPACES.filter((workspace) => workspace.role === 'server')].map((workspace) => workspace.folder);

const result = spawnSync('npm', ['run', 'build', ...targets.flatMap((folder) => ['-w', folder])], { stdio: 'inherit' });
process.exit(result.status ?? 1);
