/**
 * @copytech/shared: contracts and cross-cutting code. ONE instance at run time (a federation
 * singleton): browser code imports it only as '@copytech/shared'.
 */
export * from './contracts';
export * from './company';
// Every pure domain rule, the same set the server imports from '@copytech/shared/domain'.
export * from './domain';
export * from './api/writeClient';
export * from './stores/BasketStore';
export * from './stores/UiStore';
export { basketStore, uiStore } from './stores';
export * from './tracking/analytics';
export { captureFirstTouch, readFirstTouch, campaignFromSearch, FIRST_TOUCH_STORAGE_KEY } from './tracking/campaign';
export * from './ui/documentMeta';
export { NotFoundPage } from './ui/NotFoundPage';
export * from './federation/resiliencePlugin';
export * from './federation/remoteRegistry';
export { RemoteSlot, RemoteUnavailable, RemoteLoading } from './federation/RemoteSlot';
export type { RemoteSlotProps, RemoteUnavailableProps } from './federation/RemoteSlot';
export { StandaloneFrame } from './ui/StandaloneFrame';
