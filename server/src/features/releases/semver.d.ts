/**
 * The part of the `semver` package (installed with the server: sharp depends on it too) the
 * release gate uses. The package ships no types of its own and @types/semver is not installed.
 */
declare module 'semver' {
  /** Whether `version` is in `range` ('^4.0.0', '~1.2.3', '>=2 <3', '4.0.0'). */
  export function satisfies(version: string, range: string): boolean;
  /** The range normalised, or null when it is not a range. */
  export function validRange(range: string): string | null;
  /** The version cleaned up, or null when it is not a version. */
  export function valid(version: string): string | null;
  export function major(version: string): number;
  const semver: { satisfies: typeof satisfies; validRange: typeof validRange; valid: typeof valid; major: typeof major };
  export default semver;
}
