/**
 * @copytech/shared/domain: the pure domain rules (no React, no DOM, no stores, no module state):
 * catalogue rules, listings, paths, formatting, savings maths, the forms' messages and limits.
 *
 * Browser code imports these from here, not from the '@copytech/shared' singleton: this subpath is
 * not a federation shared key, so each app bundles (and tree-shakes) only what it uses.
 *
 * For the server, it also re-exports the yup schemas of @copytech/shared/forms. The package is
 * side-effect free, so a browser bundle that uses no schema gets neither the schemas nor yup; but
 * browser code takes a schema only from '@copytech/shared/forms', loaded with import() when a form
 * needs it (shared/src/firstLoad.test.ts checks this).
 */
export * from './product';
export * from './content';
export { REMOTE_NAMES } from '../contracts';
export type { RemoteName, RemotesManifest } from '../contracts';
export * from './quote';
export * from './catalogue';
export * from './productListing';
export * from './api';
export * from './enquiry';
export * from './newsletter';
export * from './campaign';
export { COMPANY } from '../company';
export * from './savings';
export * from '../forms';
