/**
 * @copytech/shared/domain: the pure domain rules (no React, no DOM, no stores), for the server
 * and for any code that must not pull in browser state.
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
