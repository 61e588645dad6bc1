/**
 * The forms' yup schemas (@copytech/shared/forms), loaded when a form is first used rather than
 * with the page: yup is not in the first-load JavaScript of a page that shows a form. A form starts
 * the load on its first focus, and every check awaits it. This remote bundles its own copy, in its
 * own chunk; a failed load (a network blip) is tried again by the next call.
 */
export type FormRules = typeof import('@copytech/shared/forms');

let rules: Promise<FormRules> | null = null;

export function loadFormRules(): Promise<FormRules> {
  rules ??= import(/* webpackChunkName: "forms" */ '@copytech/shared/forms').catch((error: unknown) => {
    rules = null;
    throw error;
  });
  return rules;
}

/** Starts the load without waiting for it (a form's first focus); a failure is left to the next check. */
export function preloadFormRules(): void {
  loadFormRules().catch(() => undefined);
}
