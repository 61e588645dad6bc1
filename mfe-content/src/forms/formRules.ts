/**
 * The forms' yup schemas (@copytech/shared/forms), loaded when a form is first used rather than
 * with the page: yup is not in the first-load JavaScript of a page that shows a form. A form starts
 * the load on its first focus, and every check awaits it. This remote bundles its own copy, in its
 * own chunk; a failed load (a network blip) is tried again by the next call.
 */
import { loadOnce } from '@copytech/shared/domain';

export type FormRules = typeof import('@copytech/shared/forms');

export const loadFormRules: () => Promise<FormRules> = loadOnce(() => import(/* webpackChunkName: "forms" */ '@copytech/shared/forms'));

/** Starts the load without waiting for it (a form's first focus); a failure is left to the next check. */
export function preloadFormRules(): void {
  loadFormRules().catch(() => undefined);
}
