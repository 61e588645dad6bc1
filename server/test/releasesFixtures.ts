/**
 * What the release tests share: a remote's build as files (browser and server manifests, entries,
 * a chunk), a multipart body of them, the local deploy tokens, and a gate that really reads the
 * manifests (readable, JSON, naming the remote, the contract's exposes) so refusals are real.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REQUIRED_EXPOSES, type RemoteName } from '@copytech/shared/domain';
import type { Gate } from '../src/features/releases/gate';
import type { GateFactory } from '../src/features/releases/releasesPlugin';

export type BuildFiles = Record<string, string>;

function manifest(name: string, type: 'global' | 'commonjs-module', exposes: readonly string[]) {
  return JSON.stringify({
    id: name,
    name,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '', type }, globalName: name, publicPath: 'auto' },
    shared: [{ id: `${name}:react`, name: 'react', version: '19.2.0', singleton: true, requiredVersion: '^19.0.0' }],
    exposes: exposes.map((expose) => ({
      id: `${name}:${expose}`,
      name: expose,
      path: `./${expose}`,
      assets: { js: { sync: [`__federation_expose_${expose}.js`], async: [] }, css: { sync: [], async: [] } },
    })),
    remotes: [],
  });
}

/** A build of `remote` (its manifests may name another remote, or miss an expose, to be refused). */
export function buildOf(remote: RemoteName, options: { namedAs?: string; exposes?: readonly string[]; marker?: string } = {}): BuildFiles {
  const name = options.namedAs ?? remote;
  const exposes = options.exposes ?? REQUIRED_EXPOSES[remote];
  const marker = options.marker ?? 'one';
  return {
    'mf-manifest.json': manifest(name, 'global', exposes),
    'remoteEntry.js': `/* ${name} browser entry ${marker} */`,
    ...Object.fromEntries(exposes.map((e) => [`__federation_expose_${e}.js`, `/* ${e} ${marker} */`])),
    'server/mf-manifest.json': manifest(name, 'commonjs-module', exposes),
    'server/remoteEntry.js': `module.exports = {}; /* ${marker} */`,
    'mf-manifest-stats.json': '{"build":"machine paths"}',
  };
}

/** A multipart/form-data body: one part per file, its filename the relative path. */
export function multipartOf(files: BuildFiles): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ct${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The local deploy tokens the app made in its VAR_DIR: one per remote, and the platform token. */
export function localTokens(varDir: string): Record<RemoteName | 'platform', string> {
  return JSON.parse(fs.readFileSync(path.join(varDir, 'deploy-tokens.json'), 'utf8')) as Record<RemoteName | 'platform', string>;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function upload(app: FastifyInstance, remote: RemoteName, token: string, files: BuildFiles) {
  const { payload, headers } = multipartOf(files);
  return app.inject({ method: 'POST', url: `/api/releases/${remote}`, payload, headers: { ...headers, ...bearer(token) } });
}

/** A gate that reads both manifests: readable JSON, naming the remote, with the contract's exposes. */
export const manifestGate: GateFactory = (): Gate => ({
  async check(candidate) {
    const reasons: string[] = [];
    for (const [which, text] of [
      ['browser', candidate.browserManifest],
      ['server', candidate.serverManifest],
    ] as const) {
      if (typeof text !== 'string') {
        reasons.push(`${which} manifest: not readable (${text.error})`);
        continue;
      }
      const parsed = JSON.parse(text) as { metaData?: { name?: string }; exposes?: Array<{ name: string }> };
      if (parsed.metaData?.name !== candidate.remote)
        reasons.push(`${which} manifest names "${String(parsed.metaData?.name)}", not "${candidate.remote}"`);
      const names = new Set((parsed.exposes ?? []).map((e) => e.name));
      for (const expose of REQUIRED_EXPOSES[candidate.remote])
        if (!names.has(expose)) reasons.push(`${which} manifest: exposes "${expose}" missing`);
    }
    return { passed: reasons.length === 0, reasons, checkedAt: new Date().toISOString(), ms: 1, renders: [] };
  },
  async close() {},
});
