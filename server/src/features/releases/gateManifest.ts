/**
 * The release gate's reading of a build's manifests (docs/release-gate.md): an mf-manifest.json
 * as the Module Federation build writes it, browser (dist/mf-manifest.json) or server
 * (dist/server/mf-manifest.json). Reading one gives either the parts the gate and the registry
 * need, or the reasons it cannot be used, each a sentence naming the manifest and what is wrong.
 * A reason never holds the manifest's text: text that is not JSON is said to be so, not quoted
 * (the parser's message would quote it), and a field a reason names is quoted as a JSON string of
 * at most 100 characters.
 */
import { REQUIRED_EXPOSES, type RemoteName } from '@copytech/shared/domain';
import { exposeAssets } from '../../pages/localManifests';
import type { ExposeFiles, SharedRequirement } from '../../pages/releases/model';

export type ManifestKind = 'browser' | 'server';

/** A manifest the gate could read: the parts it checks. */
export interface ReadManifest {
  kind: ManifestKind;
  /** the entry script, relative to the manifest's folder ('remoteEntry.js') */
  entryFile: string;
  entryType: string;
  publicPath: string;
  exposeNames: string[];
  shared: SharedRequirement[];
  json: Record<string, unknown>;
  /** no reason was found in it */
  complete: boolean;
}

/** A file name a manifest may name: relative, no parent segments, nothing to escape (as localManifests.ts). */
const SAFE_FILE = /^(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9_./-]*$/;

/** A value of the manifest as a reason names it: a JSON string (control characters escaped), cut at 100 characters. */
const quoted = (value: string): string => JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The build's shared packages as its manifest states them; entries without a name are skipped. */
function sharedOf(list: unknown[]): SharedRequirement[] {
  return list.filter(isObject).flatMap((entry) =>
    typeof entry.name === 'string' && entry.name !== ''
      ? [
          {
            name: entry.name,
            version: typeof entry.version === 'string' ? entry.version : '',
            requiredVersion: typeof entry.requiredVersion === 'string' ? entry.requiredVersion : '',
            singleton: entry.singleton === true,
          },
        ]
      : [],
  );
}

/** Every file an expose names that is not a plain relative path of the release. */
function unsafeFiles(expose: Record<string, unknown>): string[] {
  const assets = isObject(expose.assets) ? expose.assets : {};
  return ['js', 'css'].flatMap((kind) => {
    const lists = isObject(assets[kind]) ? Object.values(assets[kind] as object) : [];
    return lists.flatMap((list: unknown) =>
      Array.isArray(list) ? list.filter((file) => typeof file !== 'string' || !SAFE_FILE.test(file)).map(String) : [],
    );
  });
}

function parse(label: string, text: string | { error: string }, reasons: string[]): Record<string, unknown> | null {
  if (typeof text !== 'string') {
    reasons.push(`${label}: not readable (${text.error})`);
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // never the parser's message: it quotes the text, which may be anything the origin answered
    reasons.push(`${label} is not valid JSON`);
    return null;
  }
  if (!isObject(json)) {
    reasons.push(`${label}: not a Module Federation manifest (its JSON is not an object)`);
    return null;
  }
  return json;
}

/** The entry script's path and type, or the reasons it is missing. */
function entryOf(label: string, metaData: Record<string, unknown>, reasons: string[]): { file: string; type: string } | null {
  const entry = metaData.remoteEntry;
  if (!isObject(entry) || typeof entry.name !== 'string' || entry.name === '') {
    reasons.push(`${label}: no remoteEntry`);
    return null;
  }
  const file = [entry.path, entry.name].filter((part) => typeof part === 'string' && part !== '').join('/');
  if (!SAFE_FILE.test(file)) {
    reasons.push(`${label}: its remoteEntry ${quoted(file)} is not a plain relative file name`);
    return null;
  }
  return { file, type: typeof entry.type === 'string' ? entry.type : '' };
}

/** Names of the exposes, and a reason per unsafe file an expose names. */
function exposesOf(label: string, exposes: unknown[], reasons: string[]): string[] {
  const names: string[] = [];
  for (const expose of exposes.filter(isObject)) {
    if (typeof expose.name !== 'string') continue;
    names.push(expose.name);
    for (const file of unsafeFiles(expose))
      reasons.push(`${label}: expose ${quoted(expose.name)} names ${quoted(file)}, which is not a plain relative file name`);
  }
  return names;
}

/**
 * Reads one manifest of a candidate build of `remote`: readable, JSON, complete (metaData,
 * remoteEntry, exposes, shared), naming this remote, exposing what the shell's contract requires.
 * Every problem found is added to `reasons`; the manifest is returned whenever it is a JSON object,
 * so that its other parts (its shared packages) are checked too.
 */
export function readManifest(
  kind: ManifestKind,
  remote: RemoteName,
  text: string | { error: string },
  reasons: string[],
): ReadManifest | null {
  const label = `${kind} manifest`;
  const json = parse(label, text, reasons);
  if (!json) return null;
  const before = reasons.length;
  const metaData = isObject(json.metaData) ? json.metaData : null;
  if (!metaData) reasons.push(`${label}: no metaData`);
  for (const name of new Set([json.name, metaData?.name]))
    if (name !== remote) reasons.push(`${label} names ${typeof name === 'string' ? quoted(name) : 'no remote'}, not "${remote}"`);
  const entry = metaData ? entryOf(label, metaData, reasons) : null;
  const publicPath = typeof metaData?.publicPath === 'string' ? metaData.publicPath : '';
  if (metaData && kind === 'browser' && publicPath !== 'auto')
    reasons.push(`${label}: publicPath is ${quoted(publicPath)}, not "auto" (a release's files are found beside its manifest)`);
  if (entry && kind === 'server' && entry.type !== 'commonjs-module')
    reasons.push(`${label}: remoteEntry is of type ${quoted(entry.type)}; the server loads "commonjs-module" builds only`);
  if (!Array.isArray(json.exposes)) reasons.push(`${label}: no exposes`);
  if (!Array.isArray(json.shared)) reasons.push(`${label}: no shared`);
  const exposeNames = Array.isArray(json.exposes) ? exposesOf(label, json.exposes, reasons) : [];
  if (Array.isArray(json.exposes))
    for (const required of REQUIRED_EXPOSES[remote])
      if (!exposeNames.includes(required)) reasons.push(`${label}: expose "${required}" missing (the shell's contract requires it)`);
  return {
    kind,
    entryFile: entry?.file ?? '',
    entryType: entry?.type ?? '',
    publicPath,
    exposeNames,
    shared: Array.isArray(json.shared) ? sharedOf(json.shared) : [],
    json,
    complete: reasons.length === before,
  };
}

/**
 * What the registry keeps of a build (its Release row): the browser manifest's entry script, each
 * expose's files, its shared packages and its exposes' names. Throws when the manifest cannot be
 * read (the gate refuses such a build first).
 */
export function describeBuild(
  remote: RemoteName,
  browserManifestText: string,
): { entryFile: string; exposes: Record<string, ExposeFiles>; shared: SharedRequirement[]; exposeNames: string[] } {
  const reasons: string[] = [];
  const read = readManifest('browser', remote, browserManifestText, reasons);
  if (!read?.complete) throw new Error(reasons.join('; '));
  return {
    entryFile: read.entryFile,
    exposes: Object.fromEntries(exposeAssets(read.json)),
    shared: read.shared,
    exposeNames: read.exposeNames,
  };
}
