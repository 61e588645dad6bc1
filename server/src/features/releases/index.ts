/**
 * The release registry's face, for app.ts: the registry itself (`app.releases`, releasesPlugin.ts)
 * and its routes (the deployer API, the remotes' entries, preview links and the beacon).
 */
export { releaseBeaconPlugin } from './beaconRoutes';
export { previewPlugin } from './previewRoutes';
export { releasesPlugin, type ReleasesOptions } from './releasesPlugin';
export { releasesRoutes } from './releasesRoutes';
export { remotesPlugin } from './remotesRoutes';
