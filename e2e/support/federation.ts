import type { Page } from '@playwright/test';

export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'mobx',
  'mobx-react-lite',
  '@copytech/shared',
] as const;

/**
 * For each shared package, the distinct copies the federation runtime actually instantiated in
 * this page: the set of "provider@version" among share-scope entries that were loaded.
 */
export async function loadedSharedCopies(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    type Entry = { from: string; version?: string; loaded?: unknown; lib?: unknown };
    const federation = (
      globalThis as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, Entry>>>> } }
    ).__FEDERATION__;
    const copies: Record<string, Set<string>> = {};
    for (const scopes of Object.values(federation?.__SHARE__ ?? {})) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, entry] of Object.entries(versions)) {
            if (entry.loaded || entry.lib) (copies[name] ??= new Set()).add(`${entry.from}@${version}`);
          }
        }
      }
    }
    return Object.fromEntries(Object.entries(copies).map(([name, set]) => [name, [...set]]));
  });
}

/** The remotes the federation runtime has instantiated in this page. */
export async function federationInstances(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((globalThis as unknown as { __FEDERATION__?: { __INSTANCES__?: Array<{ name: string }> } }).__FEDERATION__?.__INSTANCES__ ?? []).map(
      (i) => i.name,
    ),
  );
}
