/**
 * The browser bundles share a facade of react-router-dom (shared/build/react-router-dom.ts) so
 * that webpack can tree-shake the router. This guards it: every name any room imports from
 * 'react-router-dom' in code that webpack bundles must be exported by the facade.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as facade from '../build/react-router-dom';
import { WORKSPACES } from './apps';

const repo = path.resolve(__dirname, '..', '..');
/** The browser rooms of shared/apps.json: the shared library, the shell and the remotes. */
const ROOMS = WORKSPACES.filter((workspace) => ['library', 'host', 'remote'].includes(workspace.role)).map(({ folder }) => `${folder}/src`);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !full.includes(`${path.sep}testing${path.sep}`)
      ? [full]
      : [];
  });
}

const TYPE_ONLY = new Set([
  'Location',
  'NavigateFunction',
  'NavigateOptions',
  'To',
  'SetURLSearchParams',
  'Params',
  'NavLinkProps',
  'LinkProps',
]);

describe('react-router-dom facade', () => {
  const uses = new Map<string, string[]>();
  for (const room of ROOMS) {
    for (const file of sourceFiles(path.join(repo, room))) {
      const text = fs.readFileSync(file, 'utf8');
      expect({
        file,
        namespaceOrDefault: /import\s+(\*\s+as\s+\w+|\w+)\s*(,\s*\{[^}]*\})?\s*from\s+['"]react-router-dom['"]/.test(text),
      }).toEqual({ file, namespaceOrDefault: false });
      for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]react-router-dom['"]/g)) {
        const typeOnly = Boolean(match[1]);
        for (const raw of match[2]!.split(',')) {
          const name = raw
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!
            .trim();
          if (!name) continue;
          const key = typeOnly || /^\s*type\s/.test(raw) ? `type ${name}` : name;
          uses.set(key, [...(uses.get(key) ?? []), path.relative(repo, file)]);
        }
      }
    }
  }

  it('finds the router imports of the rooms', () => {
    expect(uses.has('Link')).toBe(true);
    expect(uses.has('BrowserRouter')).toBe(true);
  });

  it('exports every value the rooms import', () => {
    const missing = [...uses.entries()]
      .filter(([name]) => !name.startsWith('type ') && !TYPE_ONLY.has(name))
      .filter(([name]) => !(name in facade))
      .map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('re-exports every type the rooms import', () => {
    const facadeSource = fs.readFileSync(path.join(repo, 'shared/build/react-router-dom.ts'), 'utf8');
    const missing = [...uses.keys()]
      .map((name) => name.replace(/^type /, ''))
      .filter((name) => TYPE_ONLY.has(name) || !(name in facade))
      .filter((name) => !new RegExp(`\\b${name}\\b`).test(facadeSource));
    expect(missing).toEqual([]);
  });
});
