/**
 * @copytech/shared: contracts and cross-cutting code. ONE instance at run time (a federation
 * singleton): browser code imports it only as '@copytech/shared'.
 */
export * from './contracts';
export * from './company';
export * from './domain/product';
export * from './domain/content';
export * from './domain/quote';
export * from './domain/catalogue';
export * from './domain/savings';
export * from './stores/BasketStore';
export * from './stores/UiStore';
export { basketStore, uiStore } from './stores';
export * from './tracking/analytics';
export * from './tracking/campaign';
export * from './ui/documentMeta';
export { NotFoundPage } from './ui/NotFoundPage';
export * from './federation/resiliencePlugin';
export * from './federation/remoteRegistry';
export { RemoteSlot, RemoteUnavailable, RemoteLoading } from './federation/RemoteSlot';
export type { RemoteSlotProps, RemoteUnavailableProps } from './federation/RemoteSlot';
export { StandaloneFrame } from './ui/StandaloneFrame';
