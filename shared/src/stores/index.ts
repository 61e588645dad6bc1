/**
 * The one instance of each store. @copytech/shared is a federation singleton, so every room that
 * imports these gets the same objects.
 */
import { BasketStore } from './BasketStore';
import { UiStore } from './UiStore';

export const uiStore = new UiStore();
export const basketStore = new BasketStore(uiStore);

export { BasketStore, UiStore };
