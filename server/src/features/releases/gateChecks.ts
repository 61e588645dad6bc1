/**
 * The release gate's shared-package check (docs/release-gate.md): every singleton a candidate
 * build shares must be satisfied by what is already there when it loads. In the browser that is
 * the live shell (its browser manifest's shared entries); on the server it is the server itself
 * (the packages in its node_modules, as pages/federationHost.ts provides them) and, for
 * @copytech/shared, the live shell's server build. @copytech/shared must also be of the shell's
 * major: the contracts between rooms change only with a major.
 */
import { createRequire } from 'node:module';
import semver from 'semver';
import type { SharedRequirement } from '../../pages/releases/model';
import type { ReadManifest } from './gateManifest';

const require = createRequire(import.meta.url);

/** The package whose major the contracts between rooms follow. */
export const CONTRACTS_PACKAGE = '@copytech/shared';

/** What the server provides to the containers it renders with (as pages/federationHost.ts's PROVIDED). */
export const SERVER_PROVIDED = ['react', 'react/jsx-runtime', 'react-dom', 'react-router-dom', 'mobx', 'mobx-react-lite'] as const;

/** The versions of the packages the server provides, from its node_modules (a subpath has its package's version). */
export function serverProvidedVersions(): Record<string, string> {
  return Object.fromEntries(
    SERVER_PROVIDED.map((name) => {
      const base = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
      return [name, (require(`${base}/package.json`) as { version: string }).version];
    }),
  );
}

/** The shared packages a manifest's text states (the live shell's browser manifest); throws when it cannot be read. */
export function sharedOfManifestText(text: string): SharedRequirement[] {
  const json = JSON.parse(text) as { shared?: unknown };
  if (!Array.isArray(json.shared)) throw new Error('it has no shared list');
  return (json.shared as Array<Record<string, unknown>>).flatMap((entry) =>
    typeof entry?.name === 'string' && typeof entry.version === 'string'
      ? [
          {
            name: entry.name,
            version: entry.version,
            requiredVersion: typeof entry.requiredVersion === 'string' ? entry.requiredVersion : '',
            singleton: entry.singleton === true,
          },
        ]
      : [],
  );
}

const anyVersion = (range: string) => range === '' || range === '*';

function majorOf(version: string): number | null {
  return semver.valid(version) ? semver.major(version) : null;
}

/** Why `provided` does not satisfy what the build requires of `name`, or null. */
function mismatch(name: string, build: 'browser' | 'server', wanted: SharedRequirement, provider: string, provided: string): string | null {
  const range = wanted.requiredVersion;
  if (!anyVersion(range) && !semver.validRange(range))
    return `${name}: the ${build} build requires "${range}", which is not a version range`;
  const otherMajor =
    name === CONTRACTS_PACKAGE && majorOf(wanted.version) !== null && majorOf(wanted.version) !== majorOf(provided)
      ? ' (a different major)'
      : '';
  if (!semver.valid(provided)) return `${name}: ${provider} provides "${provided}", which is not a version`;
  if (!anyVersion(range) && !semver.satisfies(provided, range))
    return `${name}: the ${build} build requires ${range}; ${provider} provides ${provided}${otherMajor}`;
  if (otherMajor)
    return `${name}: the ${build} build was made with ${wanted.version}; ${provider} provides ${provided} (a different major)`;
  return null;
}

export interface Providers {
  /** the live shell's browser manifest's shared entries */
  shell: SharedRequirement[];
  /** package → version the server provides */
  server: Record<string, string>;
}

/**
 * A reason per singleton of a build's manifest that what loads it does not satisfy: the browser
 * build against the live shell, the server build against the server (and the live shell for
 * @copytech/shared). A singleton nobody provides is a reason too: the build would run without it.
 */
export function sharedReasons(manifest: ReadManifest, providers: Providers): string[] {
  const reasons: string[] = [];
  for (const wanted of manifest.shared) {
    if (!wanted.singleton) continue;
    const fromShell = providers.shell.find((entry) => entry.name === wanted.name);
    const fromServer = providers.server[wanted.name];
    const [provider, provided] =
      manifest.kind === 'browser' || wanted.name === CONTRACTS_PACKAGE
        ? ['the live shell', fromShell?.version]
        : ['the server', fromServer];
    if (provided === undefined) {
      const nobody =
        manifest.kind === 'browser' ? 'the live shell does not provide it' : 'neither the server nor the live shell provides it';
      reasons.push(`${wanted.name}: the ${manifest.kind} build shares it as a singleton; ${nobody}`);
      continue;
    }
    const reason = mismatch(wanted.name, manifest.kind, wanted, provider, provided);
    if (reason) reasons.push(reason);
  }
  return reasons;
}
