/**
 * '@copytech/shared/formRules': the forms' yup schemas (@copytech/shared/forms), loaded when a form
 * is first used rather than with the page, so yup is in no page's first load (README "The rooms").
 * Bundled by each app that uses it, not shared: each app loads its own copy of the schemas in its own
 * chunk ("forms", with its byte budget). A failed load (a network blip) is tried again by the next call.
 */
import { loadOnce } from './domain/loadOnce';

export type FormRules = typeof import('./forms');

export const loadFormRules: () => Promise<FormRules> = loadOnce(() => import(/* webpackChunkName: "forms" */ '@copytech/shared/forms'));

/** Starts the load without waiting for it (a form's first focus); a failure is left to the next check. */
export function preloadFormRules(): void {
  loadFormRules().catch(() => undefined);
}
