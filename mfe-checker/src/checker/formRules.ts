/**
 * The yup schemas (@copytech/shared/forms), loaded when the checker first needs them rather than
 * with the page, as every other form of the site does: yup is not in the checker's first load.
 * They are needed to check progress restored from storage (savingsAnswersShapeSchema) and the
 * contact details on the results (contactDetailsSchema); the wizard's steps are checked with the
 * domain rules and need no schema. This remote bundles its own copy, in its own chunk; a failed
 * load (a network blip) is tried again by the next call.
 */
import { loadOnce } from '@copytech/shared/domain';

export type FormRules = typeof import('@copytech/shared/forms');

export const loadFormRules: () => Promise<FormRules> = loadOnce(() => import(/* webpackChunkName: "forms" */ '@copytech/shared/forms'));

/** Starts the load without waiting for it (a form's first focus); a failure is left to the next check. */
export function preloadFormRules(): void {
  loadFormRules().catch(() => undefined);
}
