/**
 * @copytech/shared: the federation singleton. ONE instance at run time, provided by the shell;
 * browser code imports it only as '@copytech/shared'.
 *
 * It holds only what must exist once in the page or is runtime infrastructure every room uses:
 * the contracts between rooms (types, REMOTE_NAMES), the stores (BasketStore, UiStore and their one
 * instance each), tracking, federation (RemoteSlot, the remote registry), shared UI (NotFoundPage,
 * documentMeta, StandaloneFrame), and company facts. The write client is in @copytech/shared/write.
 *
 * A shared module is bundled whole, without tree-shaking, and every page downloads it before its
 * first paint. So pure functions and constants (domain rules, formatting, paths, listings, the forms'
 * messages and limits) are NOT here: import them from '@copytech/shared/domain', which is not a
 * shared key, so each app bundles and tree-shakes only what it uses (they keep no module state, so
 * a copy per app is harmless). The yup schemas are in '@copytech/shared/forms': browser code loads
 * them with import() when a form first needs them.
 * shared/src/firstLoad.test.ts fails if yup or a schema comes back into this module's imports.
 */
export * from './contracts';
export * from './company';
export * from './stores/BasketStore';
export * from './stores/UiStore';
export { basketStore, uiStore } from './stores';
export * from './tracking/analytics';
export {
  applyCampaignConsent,
  captureFirstTouch,
  holdFirstTouch,
  readFirstTouch,
  campaignFromSearch,
  FIRST_TOUCH_STORAGE_KEY,
} from './tracking/campaign';
export * from './ui/documentMeta';
export { NotFoundPage } from './ui/NotFoundPage';
export * from './federation/resiliencePlugin';
export * from './federation/remoteRegistry';
export { RemoteSlot, RemoteUnavailable, RemoteLoading, ServerRemotesProvider } from './federation/RemoteSlot';
export type { RemoteSlotProps, RemoteUnavailableProps, ServerRemotes } from './federation/RemoteSlot';
export * from './ssr/pageData';
export { StandaloneFrame } from './ui/StandaloneFrame';
