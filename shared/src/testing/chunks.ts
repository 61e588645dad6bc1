/**
 * '@copytech/shared/testing' (tests only): chunks that cannot be fetched, for the tests of what a
 * form does offline. A test stands a module in for a chunk with
 *
 *   jest.mock('@copytech/shared/forms', () =>
 *     require('@copytech/shared/testing').chunkLoad('forms', () => jest.requireActual('@copytech/shared/forms')));
 *
 * and then reads `chunks.loads('forms')` and sets `chunks.reachable`. Like webpack's import() of a
 * chunk that cannot be fetched, the load throws, and a later load tries again. The state lasts one
 * test file (Jest's module registry), so such tests run in order in a file of their own.
 */
const loads = new Map<string, number>();

export const chunks = {
  /** Whether chunks can be fetched now (false: offline, as every such test file starts). */
  reachable: false,
  /** How often the chunk has been asked for. */
  loads: (name: string): number => loads.get(name) ?? 0,
  resetLoads: (): void => loads.clear(),
};

/** What a jest.mock factory returns for a module that stands for the chunk `name`. */
export function chunkLoad<T>(name: string, actual: () => T): T {
  loads.set(name, chunks.loads(name) + 1);
  if (!chunks.reachable) throw new Error(`Loading chunk ${name} failed.`);
  return actual();
}
export { TEST_TERMS } from './terms';
