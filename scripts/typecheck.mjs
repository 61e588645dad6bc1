// Type-checks every workspace that has a tsconfig.json (tsc --noEmit), in parallel pairs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFileSync } from 'node:fs';

const { workspaces } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const targets = workspaces.filter((ws) => existsSync(new URL(`../${ws}/tsconfig.json`, import.meta.url)));
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname;

function check(ws) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', `${ws}/tsconfig.json`], { stdio: 'inherit' });
    child.on('exit', (code) => resolve({ ws, ok: code === 0 }));
  });
}

const results = [];
const queue = [...targets];
await Promise.all(
  [0, 1].map(async () => {
    while (queue.length) results.push(await check(queue.shift()));
  }),
);
const failed = results.filter((r) => !r.ok).map((r) => r.ws);
console.log(failed.length ? `typecheck failed in: ${failed.join(', ')}` : `typecheck passed: ${targets.join(', ')}`);
process.exit(failed.length ? 1 : 0);
