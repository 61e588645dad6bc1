/**
 * The stylesheets a server-rendered page links in its head, so it is styled before (and without)
 * any script: the shell's own (which its index page only preloads for its script to apply) and,
 * for each remote part the render used, the CSS of that exposed module and of the chunks it loads
 * on demand, as the browser manifest of the remote's release the page uses lists them
 * (pages/releaseFiles.ts: a local build as it is rebuilt, or what a release recorded).
 */
import type { RemoteName } from '@copytech/shared/domain';
import type { FilesOf } from './releaseFiles';

/**
 * The shell's index page as a server-rendered page starts: its `<link rel=preload as=style>` as
 * stylesheets, and without its `<link rel=preload as=script>`. Its scripts start once the page has
 * loaded and painted (shell/src/startup.ts); preloaded, they would be fetched at once, beside the
 * stylesheets and images the first paint needs.
 */
export function asServerRenderedPage(html: string): string {
  return html
    .replace(
      /<link rel=("?)preload\1 as=("?)style\2 href=("?)([^"\s>]+)\3>/g,
      (_m, _q1, _q2, _q3, href: string) => `<link rel="stylesheet" href="${href}">`,
    )
    .replace(/<link rel=("?)preload\1 as=("?)script\2 href=("?)[^"\s>]+\3>/g, '');
}

/**
 * A server-rendered page that the browser is not to take over: the index page without its
 * scripts. The trouble page of a 503 (a dependency away) is such a page: the server renders it
 * whole (the shell's server app shows it in place of the page it could not make), and without the
 * scripts nothing in the browser renders the page the server could not make again, nor loads the
 * site's code while a dependency is away. Its links are plain links; "Try again" loads the page afresh.
 */
export function asStaticPage(html: string): string {
  return html.replace(/<script\b[^>]*\bsrc=[^>]*><\/script>/g, '');
}

/** The stylesheet URLs of the exposed modules a render used ('catalogue/CatalogueRoutes'). */
export async function stylesheetsFor(ids: Iterable<string>, filesOf: FilesOf): Promise<string[]> {
  const hrefs = new Set<string>();
  for (const id of ids) {
    const [name, expose] = id.split('/') as [RemoteName, string];
    for (const href of (await filesOf(name))?.exposes.get(expose)?.css ?? []) hrefs.add(href);
  }
  return [...hrefs];
}
