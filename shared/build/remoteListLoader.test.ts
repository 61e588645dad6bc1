/**
 * @jest-environment node
 *
 * What an app's build puts in place of shared/src/remoteList.ts (remoteListLoader.cjs) is what the
 * module itself gives when it reads shared/apps.json: the same remotes, in the same order, with the
 * same exposes.
 */
import path from 'node:path';
import remoteListLoader from './remoteListLoader.cjs';
import { REMOTE_NAMES, REQUIRED_EXPOSES } from '../src/remoteList';

function loaderOutput(): { source: string; dependencies: string[] } {
  const dependencies: string[] = [];
  const source = remoteListLoader.call({ addDependency: (file: string) => dependencies.push(file) });
  return { source, dependencies };
}

describe('remoteListLoader', () => {
  it('writes the values the module reads from the list', () => {
    expect(loaderOutput().source).toBe(
      `export const REMOTE_NAMES = ${JSON.stringify(REMOTE_NAMES)};\nexport const REQUIRED_EXPOSES = ${JSON.stringify(REQUIRED_EXPOSES)};\n`,
    );
    expect(REMOTE_NAMES.length).toBeGreaterThan(0);
  });

  it('makes a change of the list rebuild the module (watch mode)', () => {
    expect(loaderOutput().dependencies).toEqual([path.resolve(__dirname, '..', 'apps.json')]);
  });
});
