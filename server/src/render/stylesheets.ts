/**
 * The stylesheets a server-rendered page links in its head, so it is styled before (and without)
 * any script: the shell's own (which its index page only preloads for its script to apply) and,
 * for each remote part the render used, the CSS of that exposed module and of the chunks it loads
 * on demand, as the remote's browser manifest (mf-manifest.json) lists them. Read from the
 * manifest on disk, again when it changes, so a remote rebuilt alone brings its new CSS. A remote on
 * another origin gets no links here: the browser loads its CSS with its code.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RemoteName } from '@copytech/shared/domain';

/** A file name a manifest may name: relative, no parent segments, nothing to escape. */
const SAFE_FILE = /^(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9_./-]*\.css$/;

interface ExposeAssets {
  css: string[];
}

/** The CSS files of each expose ('CatalogueRoutes' → files), from an mf-manifest.json. */
export function exposeStylesheets(manifest: unknown): Map<string, ExposeAssets> {
  const result = new Map<string, ExposeAssets>();
  const exposes = (manifest as { exposes?: unknown } | null)?.exposes;
  if (!Array.isArray(exposes)) return result;
  for (const expose of exposes as Array<{ name?: unknown; assets?: { css?: { sync?: unknown; async?: unknown } } }>) {
    if (typeof expose?.name !== 'string') continue;
    const files = [expose.assets?.css?.sync, expose.assets?.css?.async].flatMap((list) => (Array.isArray(list) ? list : []));
    result.set(expose.name, { css: files.filter((file): file is string => typeof file === 'string' && SAFE_FILE.test(file)) });
  }
  return result;
}

/** `<link rel=preload as=style>` of the shell's index page, as stylesheets. */
export function preloadedStylesAsStylesheets(html: string): string {
  return html.replace(/<link rel=("?)preload\1 as=("?)style\2 href=("?)([^"\s>]+)\3>/g, (_m, _q1, _q2, _q3, href: string) => `<link rel="stylesheet" href="${href}">`);
}

export function createStylesheetIndex(siteRoot: string, isLocal: (name: RemoteName) => boolean) {
  const cache = new Map<RemoteName, { mtimeMs: number; exposes: Map<string, ExposeAssets> }>();

  async function exposesOf(name: RemoteName): Promise<Map<string, ExposeAssets> | null> {
    if (!isLocal(name)) return null;
    const file = path.join(siteRoot, `mfe-${name}`, 'dist', 'mf-manifest.json');
    try {
      const { mtimeMs } = await fs.stat(file);
      const cached = cache.get(name);
      if (cached?.mtimeMs === mtimeMs) return cached.exposes;
      const exposes = exposeStylesheets(JSON.parse(await fs.readFile(file, 'utf8')));
      cache.set(name, { mtimeMs, exposes });
      return exposes;
    } catch {
      cache.delete(name);
      return null;
    }
  }

  /** The stylesheet URLs of the exposed modules a render used ('catalogue/CatalogueRoutes'). */
  return async function stylesheetsFor(ids: Iterable<string>): Promise<string[]> {
    const hrefs = new Set<string>();
    for (const id of ids) {
      const [name, expose] = id.split('/') as [RemoteName, string];
      const files = (await exposesOf(name))?.get(expose)?.css ?? [];
      for (const file of files) hrefs.add(`/remotes/${name}/${file}`);
    }
    return [...hrefs];
  };
}
