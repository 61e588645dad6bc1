/**
 * What a sandboxed process may read (sandbox.ts): the code it runs and nothing else of the machine.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The installed packages a script in `dir` loads: every `node_modules` folder on Node's resolution
 * path from there that exists (the server's own and the workspace's), and the nearest package.json
 * (Node reads it to know whether a `.js` file is an ES module). Not the global folders in the home
 * directory.
 */
export function packageReadPaths(dir: string): string[] {
  const folders = (createRequire(path.join(dir, 'x.js')).resolve.paths('x') ?? []).filter(
    (folder) => path.basename(folder) === 'node_modules' && fs.existsSync(folder),
  );
  let manifest: string | null = null;
  for (let at = dir; ; at = path.dirname(at)) {
    if (path.basename(at) === 'node_modules') break;
    const candidate = path.join(at, 'package.json');
    if (fs.existsSync(candidate)) {
      manifest = candidate;
      break;
    }
    if (path.dirname(at) === at) break;
  }
  return [...folders, ...(manifest ? [manifest] : [])];
}

/** The folder of a file:// server entry (its build's `server/` folder), or null for any other entry. */
export function entryFolder(entry: string): string | null {
  if (!entry.startsWith('file:')) return null;
  try {
    return path.dirname(fileURLToPath(entry.split(/[?#]/)[0]!));
  } catch {
    return null;
  }
}
